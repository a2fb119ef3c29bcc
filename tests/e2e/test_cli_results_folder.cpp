// The results folder: a run or a merge into one replaces only what bcssim wrote, and never keeps figures that
// no longer match their point (exit 2 otherwise, nothing of the user's deleted).
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// A two-point study (kTmp/s.json) whose points were run one by one into kTmp/split/points, as `sweep --emit-jobs`
// runs them; returns the scenario's path.
std::string two_points_run_apart()
{
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "mpi_microbench", "platform": {"nodes": 2},
    "mpi_microbench": {"tests": ["pingpong"], "sizes": ["8B"], "iterations": 2}, "sweep": {"seed": [1, 2]}})";
  const std::string s = (kTmp / "s.json").string();
  for (int i = 0; i < 2; ++i)
    REQUIRE(bcssim("run " + s + " --point " + std::to_string(i) + " --out " +
                   (kTmp / "split" / "points" / ("000" + std::to_string(i))).string())
                .code == 0);
  return s;
}

} // namespace

TEST_CASE("--out never deletes what bcssim did not write: a file or a foreign folder is refused, even with --force")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "mine");
  std::ofstream(kTmp / "precious.txt") << "the user's own file";
  std::ofstream(kTmp / "mine" / "notes.txt") << "the user's own notes";
  for (const char* force : {"", " --force"}) {
    CAPTURE(force);
    const auto file = bcssim("run " + kDefault + " --out " + (kTmp / "precious.txt").string() + force);
    CHECK(file.code == 2);
    CHECK(file.output.find("precious.txt: expected a new folder, or a results folder bcssim wrote") !=
          std::string::npos);
    CHECK(fs::is_regular_file(kTmp / "precious.txt"));
    CHECK(slurp(kTmp / "precious.txt") == "the user's own file");
    const auto folder = bcssim("run " + kDefault + " --out " + (kTmp / "mine").string() + force);
    CHECK(folder.code == 2);
    CHECK(folder.output.find("has no .bcssim-results marker") != std::string::npos);
    CHECK(slurp(kTmp / "mine" / "notes.txt") == "the user's own notes");
  }
  for (const auto& entry : fs::directory_iterator(kTmp)) // nothing else written
    CHECK((entry.path().filename() == "precious.txt" || entry.path().filename() == "mine"));
  fs::remove_all(kTmp);
}

TEST_CASE("a run into an existing results folder is exit 2 naming it, unless --force replaces it")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "empty");
  const std::string out = (kTmp / "r").string();
  REQUIRE(bcssim("run " + kDefault + " --out " + out).code == 0);
  CHECK(slurp(kTmp / "r" / ".bcssim-results").rfind("bcssim results folder", 0) == 0);
  const std::string digest = slurp(kTmp / "r" / "digest");
  fs::remove(kTmp / "r" / "digest");
  const auto again = bcssim("run " + kDefault + " --out " + out);
  CHECK(again.code == 2);
  CHECK(again.output.find(out + ": expected a new folder; this one holds the results of an earlier run: pass "
                                "--force") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "r" / "digest"));
  REQUIRE(bcssim("run " + kDefault + " --force --out " + out).code == 0);
  CHECK(slurp(kTmp / "r" / "digest") == digest);
  CHECK(bcssim("run " + kDefault + " --out " + (kTmp / "empty").string()).code == 0); // an empty folder holds nothing
  CHECK(fs::exists(kTmp / "empty" / "digest"));

  // merge: a folder of points/ only is what it merges into; merging again needs --force.
  const std::string s = two_points_run_apart();
  REQUIRE(bcssim("merge " + s + " " + (kTmp / "split").string()).code == 0);
  const auto remerge = bcssim("merge " + s + " " + (kTmp / "split").string());
  CHECK(remerge.code == 2);
  CHECK(remerge.output.find("pass --force") != std::string::npos);
  CHECK(bcssim("merge " + s + " " + (kTmp / "split").string() + " --force").code == 0);
  CHECK(fs::exists(kTmp / "split" / "points" / "0001" / "digest"));
  fs::create_directories(kTmp / "split2");
  std::ofstream(kTmp / "split2" / "jobs.txt") << "user's";
  fs::copy(kTmp / "split" / "points", kTmp / "split2" / "points", fs::copy_options::recursive);
  CHECK(bcssim("merge " + s + " " + (kTmp / "split2").string() + " --force").code == 2);
  CHECK(fs::exists(kTmp / "split2" / "jobs.txt"));
  fs::remove_all(kTmp);
}

TEST_CASE("a scenario legally named like a temporary folder keeps its results when its namesake runs next")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "odd.json") << R"({"name": "default.tmp-999999", "kind": "microbench",
    "microbench": {"paths": ["elan-elan"], "sizes": ["0B"], "bidirectional": false, "distance": false}})";
  REQUIRE(bcssim("run " + (kTmp / "odd.json").string() + " --out " + (kTmp / "default.tmp-999999").string()).code == 0);
  REQUIRE(bcssim("run " + kDefault + " --out " + (kTmp / "default").string()).code == 0);
  CHECK(fs::exists(kTmp / "default.tmp-999999" / "digest"));
  CHECK(fs::exists(kTmp / "default" / "digest"));
  fs::remove_all(kTmp);
}

TEST_CASE("merge checks that every point was run with the parameters the study gives it now")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string s = two_points_run_apart();
  const auto other = bcssim("merge " + s + " " + (kTmp / "split").string() + " --set mpi_microbench.iterations=3");
  CHECK(other.code == 2);
  CHECK(other.output.find("points/0000 mpi_microbench.iterations = 2: expected 3") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "split" / "digest"));
  // A point run from another sweep value: named by its own index and parameter.
  REQUIRE(bcssim("run " + s + " --point 0 --force --out " + (kTmp / "split" / "points" / "0001").string()).code == 0);
  const auto swapped = bcssim("merge " + s + " " + (kTmp / "split").string() + " --force");
  CHECK(swapped.code == 2);
  CHECK(swapped.output.find("points/0001 seed = 1: expected 2") != std::string::npos);
  // A point run before a parameter existed ran as the parameter's declaration says (thread_processor: shared,
  // though today's default is one_at_a_time): refused while the study keeps the default, merged once the study
  // sets the value the old binary ran with.
  REQUIRE(bcssim("run " + s + " --point 1 --force --out " + (kTmp / "split" / "points" / "0001").string()).code == 0);
  for (const char* point : {"0000", "0001"}) {
    const fs::path file = kTmp / "split" / "points" / point / "summary.json";
    auto summary = nlohmann::json::parse(slurp(file));
    REQUIRE(summary["scenario"]["platform"]["nic"].erase("thread_processor") == 1);
    std::ofstream(file) << summary.dump(2);
    drop_data_hashes(file.parent_path()); // as the older binary wrote it: an edited summary.json is refused
  }
  const auto newer = bcssim("merge " + s + " " + (kTmp / "split").string() + " --force");
  CHECK(newer.code == 2);
  CHECK(newer.output.find("points/0000 platform.nic.thread_processor = (none): expected \"one_at_a_time\"") !=
        std::string::npos);
  CHECK(bcssim("merge " + s + " " + (kTmp / "split").string() + " --force --set platform.nic.thread_processor=shared")
            .code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("a point whose figures were edited after its run is refused by merge, and run again by a resumed study")
{
  // Issue 67 item 7: a point's summary.json with app.time_s = -5, its digest unchanged, merged with exit 0.
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "a.json") << R"({"name": "a", "kind": "app", "platform": {"nodes": 2},
    "app": {"name": "synthetic", "processes": 2}, "synthetic": {"iterations": 3}, "sweep": {"seed": [1, 2]}})";
  const std::string a = (kTmp / "a.json").string();
  REQUIRE(bcssim("run " + a + " -q --out " + (kTmp / "fresh").string()).code == 0);
  const fs::path split = kTmp / "split";
  for (int i = 0; i < 2; ++i)
    REQUIRE(bcssim("run " + a + " -q --point " + std::to_string(i) + " --out " +
                   (split / "points" / ("000" + std::to_string(i))).string())
                .code == 0);
  const fs::path summary = split / "points" / "0001" / "summary.json";
  const std::string as_run = slurp(summary);
  auto edited = nlohmann::json::parse(as_run);
  edited["app"]["time_s"] = -5;
  std::ofstream(summary) << edited.dump(2) << "\n";
  const auto merged = bcssim("merge " + a + " " + split.string());
  CHECK(merged.code == 2);
  CHECK(merged.output.find(summary.string() + " = (edited since the point's run wrote it): expected the file as "
                                              "bcssim wrote it") != std::string::npos);
  CHECK(merged.output.find("--point 1 --out " + (split / "points" / "0001").string() + " --force") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(split / "summary.json"));
  std::ofstream(summary) << as_run;
  REQUIRE(bcssim("merge " + a + " " + split.string()).code == 0);
  CHECK(slurp(split / "digest") == slurp(kTmp / "fresh" / "digest"));
  fs::remove_all(kTmp);
}
