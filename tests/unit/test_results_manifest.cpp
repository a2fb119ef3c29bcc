// What bcssim wrote, so that it never deletes or empties anything else (issue 45): a results folder's manifest,
// read back by --force and merge, the names a folder of an older bcssim may hold, and the files --log writes; the
// SHA-256 of each gnuplot script the manifest records, so that `bcssim render` runs only those (issue 67).
#include "base/file_hash.hpp"
#include "sim/config/log_settings.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/output/results_manifest.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
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
  const auto hash = [&](const char* file) {
    return "\txxh128:" + bcssim::base::file_hash128_hex((base / "r" / file).string());
  };
  CHECK(manifest_text(base / "r") == "points/\npoints/0000/\npoints/0000/digest" + hash("points/0000/digest") +
                                         "\nsummary.json" + hash("summary.json") + "\n");
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

TEST_CASE("the manifest records the SHA-256 of each gnuplot script; a script is bcssim's only while it hashes to it")
{
  // Issue 67: `bcssim render` ran an evil.gp added to a results folder, and a system() line appended to time.gp.
  const fs::path base = scratch("hashes");
  {
    ResultsDir dir(base / "r");
    dir.write("time.gp", "plot x\n");
    dir.write("time.csv", "a,b\n");
    dir.commit();
  }
  const fs::path r = base / "r";
  const std::string hash = "xxh128:" + bcssim::base::file_hash128_hex((r / "time.gp").string());
  CHECK(manifest_text(r) == "time.csv\ntime.gp\t" + hash + "\n");
  CHECK(manifest_entries(r) == std::map<std::string, std::string>{{"time.csv", ""}, {"time.gp", hash}});
  CHECK(script_state(r, "time.gp") == ScriptState::as_written);
  CHECK(foreign_entries(r).empty()); // a hash does not make the entry foreign
  std::ofstream(r / "evil.gp") << "system 'touch ran'\n";
  CHECK(script_state(r, "evil.gp") == ScriptState::unlisted);
  std::ofstream(r / "time.gp", std::ios::app) << "system 'touch ran'\n";
  CHECK(script_state(r, "time.gp") == ScriptState::edited);
  // A user who vouches for the edit records it: then it is as written, and the evil.gp still unlisted.
  CHECK(record_script_hashes(r) == 1);
  CHECK(script_state(r, "time.gp") == ScriptState::as_written);
  CHECK(script_state(r, "evil.gp") == ScriptState::unlisted);
  CHECK(record_script_hashes(r) == 0);
  // A manifest of a bcssim before hashes (names only), and a folder without one: unchecked, never as written.
  std::ofstream(r / kManifest) << "time.csv\ntime.gp\n";
  CHECK(script_state(r, "time.gp") == ScriptState::unhashed);
  fs::remove(r / kManifest);
  CHECK(script_state(r, "time.gp") == ScriptState::unhashed);
  CHECK_THROWS_AS(record_script_hashes(r), ScenarioError);
  fs::remove_all(base);
}

TEST_CASE("the files a study's merge reads of a point carry their hash: an edit since the run is told")
{
  // Issue 67 item 7: a point's summary.json edited (app.time_s = -5, digest unchanged) merged with exit 0.
  const fs::path base = scratch("data");
  {
    ResultsDir dir(base / "p");
    dir.write("summary.json", "{\"app\": {\"time_s\": 1}}\n");
    dir.write("runs.csv", "a\n1\n");
    dir.write("digest", "0123456789abcdef\n");
    dir.write("profile.csv", "b\n2\n");
    dir.commit();
  }
  const fs::path p = base / "p";
  CHECK(merged_data("summary.json"));
  CHECK(merged_data("points/0003/jobs.csv"));
  CHECK_FALSE(merged_data("profile.csv"));
  CHECK_FALSE(merged_data("run-info.json")); // build- and host-dependent: never compared
  CHECK(manifest_entries(p).at("runs.csv").rfind("xxh128:", 0) == 0);
  CHECK(manifest_entries(p).at("profile.csv").empty());
  CHECK(edited_data(p).empty());
  std::ofstream(p / "summary.json") << "{\"app\": {\"time_s\": -5}}\n";
  std::ofstream(p / "profile.csv") << "b\n3\n"; // not read by merge: not checked
  CHECK(edited_data(p) == std::vector<std::string>{"summary.json"});
  fs::remove(p / "digest");
  CHECK(edited_data(p) == std::vector<std::string>{"digest", "summary.json"});
  // A manifest of a bcssim before these hashes: unchecked.
  std::ofstream(p / kManifest) << "digest\nprofile.csv\nruns.csv\nsummary.json\n";
  CHECK(edited_data(p).empty());
  fs::remove_all(base);
}

TEST_CASE("a file written again in a results folder nested in the one being written is recorded in its manifest")
{
  // merge draws a study point's Gantt chart again (sim/kinds/workload/report.cpp): the point's own manifest must
  // then hold the new script's hash, or render would take merge's script for a user's edit.
  const fs::path base = scratch("nested");
  {
    ResultsDir point(base / "p");
    point.write("gantt.gp", "old\n");
    point.commit();
  }
  {
    ResultsDir study(base / "s");
    fs::copy(base / "p", study.path("points/0000/x").parent_path(), fs::copy_options::recursive);
    study.write("points/0000/gantt.gp", "new\n");
    study.write("points/0000/more.csv", "1\n");
    study.commit();
  }
  const fs::path p = base / "s" / "points" / "0000";
  CHECK(script_state(p, "gantt.gp") == ScriptState::as_written);
  CHECK(manifest_entries(p).count("more.csv") == 1);
  CHECK(foreign_entries(base / "s").empty());
  fs::remove_all(base);
}

TEST_CASE("every gnuplot script of the committed results is recorded with its hash: bcssim render runs them all")
{
  // The committed manifests were given their scripts' hashes with `bcssim render results --record-hashes` when
  // manifests began to carry them (issue 67); a script edited or added since without that fails here, naming it.
  const fs::path results = fs::path(BCSSIM_SOURCE_DIR) / "results";
  std::size_t checked = 0;
  for (auto it = fs::recursive_directory_iterator(results); it != fs::recursive_directory_iterator(); ++it) {
    if (!it->is_regular_file() || it->path().filename() != kManifest)
      continue;
    const fs::path folder = it->path().parent_path();
    for (const auto& [entry, hash] : manifest_entries(folder)) {
      if (entry.size() < 3 || entry.compare(entry.size() - 3, 3, ".gp") != 0)
        continue;
      const std::string script = entry; // a structured binding cannot be captured by CAPTURE's lambda (clang, C++17)
      CAPTURE((folder / script).string());
      CHECK(script_state(folder, script) == ScriptState::as_written);
      ++checked;
    }
  }
  CHECK(checked > 300);
}
