// Log categories as a tree per folder (issue 44 part 4): a category per source file, settings by folder or file
// with dots, an unknown category refused (issue 45), and logs that never change a result.
#include "cli_harness.hpp"

#include <regex>
#include <set>
#include <vector>

using namespace e2e;

TEST_CASE("a source file that logs declares the category its path names, under its folder's; one that does not, none")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const std::regex logs("\\bXBT_(INFO|VERB|WARN|DEBUG|ERROR|CRITICAL)\\s*\\(");
  const std::string tree = slurp(root / "base" / "log_tree.cpp");
  std::set<std::string> folders; // the folders' categories that some file's names as its parent
  int logging = 0, files = 0;
  for (const char* top : {"base", "workloads", "models", "bcs", "mpi", "storm", "apps", "sim"})
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
      if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp")
        continue;
      std::string rel = fs::relative(e.path(), root).replace_extension().string();
      if (rel.rfind("models/", 0) == 0)
        rel = rel.substr(7);
      std::string id = rel, dotted = rel;
      std::replace(id.begin(), id.end(), '/', '_');
      std::replace(dotted.begin(), dotted.end(), '/', '.');
      std::string parent; // the identifier of its folder's category, and the folders above it
      std::vector<std::string> chain;
      for (const auto& part : fs::path(rel).parent_path()) {
        parent += (parent.empty() ? "" : "_") + part.string();
        chain.push_back(parent);
      }
      const std::string text = slurp(e.path());
      INFO(e.path().string());
      ++files;
      CHECK(text.find("\nXBT_LOG_NEW_DEFAULT_CATEGORY(") == std::string::npos); // a root-level category
      if (!std::regex_search(text, logs)) {
        CHECK(text.find("\nXBT_LOG_NEW_DEFAULT_SUBCATEGORY(") == std::string::npos); // declared but never used
        continue;
      }
      ++logging;
      CHECK(std::regex_search(text, std::regex("XBT_LOG_NEW_DEFAULT_SUBCATEGORY\\(" + id + ", " + parent + ",\\s*\"" +
                                               std::regex_replace(dotted, std::regex("\\."), "\\.") + ": ")));
      folders.insert(chain.begin(), chain.end());
    }
  CHECK(files > 150);
  CHECK(logging > 20);
  // Each folder's category is base/log_tree.cpp's, and it holds no folder that nothing logs in.
  for (const std::string& f : folders) {
    INFO("the folder category " << f << " (base/log_tree.cpp)");
    CHECK(std::regex_search(tree, std::regex("XBT_LOG_NEW_(SUB)?CATEGORY\\(" + f + ",")));
  }
  const std::regex declared("XBT_LOG_NEW_(SUB)?CATEGORY\\((\\w+),");
  for (auto it = std::sregex_iterator(tree.begin(), tree.end(), declared); it != std::sregex_iterator(); ++it) {
    INFO("base/log_tree.cpp declares " << (*it)[2].str() << ", a folder nothing logs in");
    CHECK(folders.count((*it)[2].str()) == 1);
  }
}

TEST_CASE("bcssim logs lists the tree; --log by folder or file, with dots, logs without changing the digest")
{
  const auto logs = bcssim("logs");
  REQUIRE(logs.code == 0);
  for (const char* line : {"storm: every file of storm/", "  storm.pe: ", "mpi: every file of mpi/",
                           "  mpi.quadrics: every file of mpi/quadrics/",
                           "    mpi.quadrics.quadrics_comm: ", "    bcs.runtime.strobe_sender: "})
    CHECK(logs.output.find(std::string("\n") + line) != std::string::npos);

  const std::string gs = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/gs-example.json";
  const auto quiet = bcssim("run " + gs + " --out " + (kTmp / "logs-quiet").string() + " --force");
  const auto loud = bcssim("run " + gs + " --out " + (kTmp / "logs-loud").string() +
                           " --force --log storm.thres:verbose --log mpi.quadrics.thres:verbose");
  REQUIRE(quiet.code == 0);
  REQUIRE(loud.code == 0);
  CHECK(loud.output.find("[storm_pe/VERBOSE] node 0 PE 0: nobody -> job 0 rank 0") != std::string::npos);
  CHECK(loud.output.find("[mpi_quadrics_quadrics_comm/VERBOSE] rank 0: send ") != std::string::npos);
  CHECK(quiet.output.find("VERBOSE") == std::string::npos);
  CHECK(slurp(kTmp / "logs-quiet" / "digest") == slurp(kTmp / "logs-loud" / "digest"));
  // A file's category alone: its folder's other files stay quiet.
  const auto one = bcssim("run " + gs + " --out " + (kTmp / "logs-one").string() +
                          " --force --log storm.node_manager.thres:verbose");
  CHECK(one.code == 0);
  CHECK(one.output.find("[storm_pe/") == std::string::npos);
}

TEST_CASE("an unknown log category is exit 2 with a did-you-mean, and nothing is written")
{
  const fs::path out = kTmp / "logs-unknown";
  fs::remove_all(out);
  const auto typo = bcssim("run " + kDefault + " --out " + out.string() + " --log stom.thres:verbose");
  CHECK(typo.code == 2);
  CHECK(typo.output.find("--log = stom.thres:verbose: expected a log category of bcssim") != std::string::npos);
  CHECK(typo.output.find("not 'stom' (did you mean 'storm'?)") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  const auto dotted = bcssim("run " + kDefault + " --out " + out.string() + " --log mpi.quadric.thres:info");
  CHECK(dotted.code == 2);
  CHECK(dotted.output.find("not 'mpi.quadric' (did you mean 'mpi.quadrics'?)") != std::string::npos);
  // SimGrid's own categories stay accepted.
  CHECK(bcssim("run " + kDefault + " --out " + out.string() + " --force --log ker_lmm.thres:warning").code == 0);
}

TEST_CASE("a BCS-MPI slice just above its minimum runs, and says once that point to point gets a sliver of it")
{
  const std::string bench = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/bcs-microbench.json" +
                            " --set 'mpi_microbench.processes=[64]' --set 'mpi_microbench.tests=[\"bandwidth\"]'" +
                            " --set 'mpi_microbench.sizes=[\"1MiB\"]' --set mpi_microbench.iterations=1" +
                            " --set mpi_microbench.window=1 --force --out " + (kTmp / "short-slice").string();
  const auto tight = bcssim("run " + bench + " --set bcs.runtime.slice=48us");
  CHECK(tight.code == 0);
  // 0.60 us once each chunk's fixed part is paid (4.20 us, 8.8 %, when the fixed part was counted in; the 1 MiB
  // message gets 3.8 MB/s, 2 % of the 191 MB/s it gets at 500 us).
  const std::string warning = "[bcs_runtime_buffer_receiver/WARNING] bcs.runtime.slice = 48us has left point to "
                              "point 0.60 us of a slice to move bytes in, on average over 1000 slices, once each "
                              "chunk's DMA start-up is paid (1.3 %): messages move at about that share of the "
                              "network's rate";
  CHECK(tight.output.find(warning) != std::string::npos);
  CHECK(tight.output.find(warning, tight.output.find(warning) + 1) == std::string::npos); // once
  const auto roomy = bcssim("run " + bench);
  CHECK(roomy.code == 0);
  CHECK(roomy.output.find("WARNING") == std::string::npos);
}
