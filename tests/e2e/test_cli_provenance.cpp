// Issue 21 part 2: every results folder says which bcssim, which commit and which SimGrid made it, from which
// scenario and overrides; plots name the results folder and the overrides, not the scenario file.
#include "cli_harness.hpp"

#include <nlohmann/json.hpp>

using namespace e2e;

namespace {
nlohmann::json read_json(const fs::path& file) { return nlohmann::json::parse(slurp(file)); }

bool is_commit(const std::string& c)
{
  const std::string bare = c.substr(0, c.find("-dirty"));
  return c == "unknown" || (bare.size() == 40 && bare.find_first_not_of("0123456789abcdef") == std::string::npos);
}
} // namespace

TEST_CASE("provenance: --version, run-info.json and summary.json name the build, scenario and overrides")
{
  fs::remove_all(kTmp);
  const auto version = bcssim("--version");
  CHECK(version.code == 0);
  CHECK(version.output.rfind("bcssim 0.2.0 (commit ", 0) == 0);
  CHECK(version.output.find(", SimGrid 3.32.") != std::string::npos);

  const auto r =
      bcssim("run " + kDefault + " --set seed=7 --set platform.nodes=16 --out " + (kTmp / "asciq-50m").string());
  REQUIRE(r.code == 0);
  const auto info = read_json(kTmp / "asciq-50m" / "run-info.json");
  CHECK(info.at("bcssim").at("version") == "0.2.0");
  CHECK(is_commit(info.at("bcssim").at("commit").get<std::string>()));
  CHECK(info.at("bcssim").at("simgrid").get<std::string>().rfind("3.32.", 0) == 0);
  const auto words = info.at("bcssim").at("command_line");
  REQUIRE(words.size() == 9); // bcssim run FILE --set seed=7 --set platform.nodes=16 --out DIR
  CHECK(words[1] == "run");
  CHECK(words[4] == "seed=7");
  CHECK(info.at("overrides") == nlohmann::json({"seed=7", "platform.nodes=16"}));

  const auto summary = read_json(kTmp / "asciq-50m" / "summary.json");
  CHECK(summary.at("bcssim").at("version") == "0.2.0");
  CHECK_FALSE(summary.at("bcssim").contains("commit")); // summary.json stays identical across builds
  CHECK(summary.at("overrides") == nlohmann::json({"seed=7", "platform.nodes=16"}));
  CHECK(summary.at("scenario").at("seed") == 7);
  CHECK(summary.at("simgrid").at("version").get<std::string>().rfind("3.32.", 0) == 0);

  // provenance.json: the build-independent part, committed with results/ (issue 45): the same command on any build
  // of this version writes it byte for byte; no commit, compiler, binary path or wall time.
  const auto prov = read_json(kTmp / "asciq-50m" / "provenance.json");
  CHECK(prov.at("bcssim") == "0.2.0");
  CHECK(prov.at("simgrid").get<std::string>().rfind("3.32.", 0) == 0);
  // bcssim run FILE --set seed=7 --set platform.nodes=16: where it wrote (--out, --force, --jobs) is left out
  REQUIRE(prov.at("command").size() == 7);
  CHECK(prov.at("command")[0] == "bcssim");
  CHECK(prov.at("command")[1] == "run");
  CHECK(prov.at("overrides") == nlohmann::json({"seed=7", "platform.nodes=16"}));
  for (const char* build_dependent : {"commit", "compiler", "wall_time_s", "build_type", "dirty", "command_line"})
    CHECK_FALSE(prov.contains(build_dependent));
  CHECK(prov.at("command").dump().find("--out") == std::string::npos);
  const std::string first = slurp(kTmp / "asciq-50m" / "provenance.json");
  REQUIRE(bcssim("run " + kDefault + " --set seed=7 --set platform.nodes=16 --out " + (kTmp / "asciq-50m").string() +
                 " --force -j2")
              .code == 0);
  CHECK(slurp(kTmp / "asciq-50m" / "provenance.json") == first); // --force and -j2 change nothing
  // A committed study says how it was made.
  const auto committed = read_json(fs::path(BCSSIM_SOURCE_DIR) / "results" / "paper" / "sage" / "provenance.json");
  CHECK(committed.at("command")[0] == "bcssim");
  CHECK(committed.at("bcssim") == "0.2.0");

  // The plots' title: the folder's name and the overrides, not the scenario's name ("default").
  const std::string gp = slurp(kTmp / "asciq-50m" / "collectives.gp");
  CHECK(gp.find("title 'asciq-50m (seed=7, platform.nodes=16): BCS core primitives") != std::string::npos);
  CHECK(gp.find("'default") == std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("provenance of a study: its summary and run-info, and each point's plots titled by study and point")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "mpi_microbench", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "mpi_microbench": {"sizes": ["8B"], "posted_receives": [1], "processes": [2]},
    "sweep": {"seed": [1, 2]}})";
  const auto r =
      bcssim("run " + (kTmp / "s.json").string() + " --set platform.nodes=4 -j 2 --out " + (kTmp / "study").string());
  REQUIRE(r.code == 0);
  const auto summary = read_json(kTmp / "study" / "summary.json");
  CHECK(summary.at("bcssim").at("version") == "0.2.0");
  CHECK(summary.at("study").at("overrides") == nlohmann::json({"platform.nodes=4"}));
  const auto info = read_json(kTmp / "study" / "run-info.json");
  CHECK(is_commit(info.at("bcssim").at("commit").get<std::string>()));
  CHECK(read_json(kTmp / "study" / "points" / "0001" / "summary.json").at("overrides") ==
        nlohmann::json({"platform.nodes=4", "seed=2"}));
  const std::string gp = slurp(kTmp / "study" / "points" / "0001" / "mpi.gp");
  CHECK(gp.find("title 'MPI microbenchmarks: study (platform.nodes=4): seed=2, mpi = quadrics'") != std::string::npos);
  fs::remove_all(kTmp);
}
