// What bcssim wrote, so that it never deletes or empties anything else (issue 45): a results folder's manifest,
// read back by --force and merge, the names a folder of an older bcssim may hold, and the files --log writes.
#include "sim/config/log_settings.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/output/results_manifest.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace bcssim::sim;
namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string& name)
{
  const fs::path p = fs::temp_directory_path() / ("bcssim-test-manifest-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}
} // namespace

TEST_CASE("the manifest lists every file and folder a run wrote; what it does not list is foreign")
{
  const fs::path base = scratch("run");
  {
    ResultsDir dir(base / "r");
    dir.write("summary.json", "{}\n");
    dir.write("points/0000/digest", "x\n");
    dir.commit();
  }
  CHECK(manifest_text(base / "r") == "points/\npoints/0000/\npoints/0000/digest\nsummary.json\n");
  std::ifstream in(base / "r" / kManifest);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == manifest_text(base / "r"));
  CHECK(foreign_entries(base / "r").empty());
  std::ofstream(base / "r" / "notes.txt") << "mine";
  fs::create_directories(base / "r" / "mine" / "deep");
  std::ofstream(base / "r" / "mine" / "deep" / "a") << "mine";
  std::ofstream(base / "r" / "points" / "0000" / "b") << "mine";
  CHECK(foreign_entries(base / "r") == std::vector<std::string>{"mine/", "notes.txt", "points/0000/b"});
  CHECK_THROWS_WITH_AS(ResultsDir(base / "r", ReplacePolicy{true}),
                       doctest::Contains("this one also holds mine/, notes.txt and points/0000/b, which bcssim did "
                                         "not write"),
                       ScenarioError);
  CHECK(fs::exists(base / "r" / "notes.txt"));
  fs::remove_all(base);
}

TEST_CASE("a folder of a bcssim before manifests may hold only the names bcssim wrote then")
{
  const fs::path base = scratch("legacy");
  fs::create_directories(base / "points" / "0000");
  for (const char* f : {".bcssim-results", "summary.json", "time.gp", "time.svg", "slowdown.dat", "mpi.png",
                        "mmds_latency.gp", "points/0000/.bcssim-results", "points/0000/runs.csv"})
    std::ofstream(base / f) << (std::string(f).find(".bcssim-results") != std::string::npos
                                    ? "bcssim results folder: bcssim wrote every file here, and replaces the folder "
                                      "on `--force`\n"
                                    : "x");
  CHECK(foreign_entries(base).empty());
  std::ofstream(base / "notes.txt") << "mine";
  std::ofstream(base / "time.txt") << "mine";
  std::ofstream(base / "points" / "0000" / "fit.py") << "mine";
  fs::create_directories(base / "points" / "extra");
  CHECK(foreign_entries(base) ==
        std::vector<std::string>{"notes.txt", "points/0000/fit.py", "points/extra/", "time.txt"});
  fs::remove_all(base);
}

TEST_CASE("some_of names at most three entries")
{
  CHECK(some_of({"a"}) == "a");
  CHECK(some_of({"a", "b"}) == "a and b");
  CHECK(some_of({"a", "b", "c"}) == "a, b and c");
  CHECK(some_of({"a", "b", "c", "d", "e"}) == "a, b, c and 2 more");
}

TEST_CASE("--log: the files each appender writes; an existing one must be empty or an earlier bcssim log")
{
  const fs::path base = scratch("log");
  const std::string a = (base / "a.log").string(), b = (base / "b.log").string();
  CHECK(log_files("root.thres:info") == std::vector<std::string>{});
  CHECK(log_files("root.app:file:" + a) == std::vector<std::string>{a});
  CHECK(log_files("x.thres:info x.app:rollfile:500:" + a) == std::vector<std::string>{a});
  CHECK(log_files("x.appender:splitfile:500:" + (base / "s%.log").string()) ==
        std::vector<std::string>{(base / "s0.log").string()});
  std::ofstream(base / "s3.log") << "an earlier split";
  CHECK(log_files("x.app:splitfile:500:" + (base / "s%.log").string()) ==
        std::vector<std::string>{(base / "s0.log").string(), (base / "s3.log").string()});
  // Without a %, the number ends the name: u.log0, u.log1, ... u.log12 (the user's u.log12 was overwritten).
  std::ofstream(base / "u.log12") << "the user's";
  std::ofstream(base / "u.logx") << "not a split";
  CHECK(log_files("x.app:splitfile:500:" + (base / "u.log").string()) ==
        std::vector<std::string>{(base / "u.log0").string(), (base / "u.log12").string()});

  CHECK_NOTHROW(check_log_setting("root.app:file:" + a)); // new
  std::ofstream(a) << "";
  CHECK_NOTHROW(check_log_setting("root.app:file:" + a)); // empty: nothing to lose
  std::ofstream(a) << "the user's";
  const std::string refused = a + " exists and bcssim did not write it: remove it or name another file";
  CHECK_THROWS_WITH_AS(check_log_setting("root.app:file:" + a), doctest::Contains(refused.c_str()), ScenarioError);
  CHECK_THROWS_AS(check_log_setting("x.app:splitfile:500:" + (base / "s%.log").string()), ScenarioError);
  std::ofstream(b) << "a log bcssim wrote";
  mark_log_files({"root.app:file:" + b});
  CHECK_NOTHROW(check_log_setting("root.app:file:" + b));
  fs::remove_all(base);
}
