#include "sim/output/results_dir.hpp"

#include "sim/config/scenario.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using bcssim::sim::ResultsDir;

TEST_CASE("a results folder appears whole on commit, and not at all without it")
{
  const fs::path base = fs::temp_directory_path() / "bcssim-test-results";
  fs::remove_all(base);
  const fs::path final_dir = base / "run";
  {
    ResultsDir dir(final_dir);
    dir.write("a.txt", "half");
    CHECK_FALSE(fs::exists(final_dir)); // nothing visible while writing
  }                                     // an error: destroyed without commit
  CHECK_FALSE(fs::exists(final_dir));
  CHECK(fs::is_empty(base));

  {
    ResultsDir dir(final_dir);
    dir.write("sub/b.txt", "whole");
    dir.commit();
  }
  CHECK(fs::exists(final_dir / "sub" / "b.txt"));

  CHECK(bcssim::sim::is_results_folder(final_dir));                   // the marker, written first
  CHECK_THROWS_AS(ResultsDir{final_dir}, bcssim::sim::ScenarioError); // an earlier run's results: --force only
  CHECK(fs::exists(final_dir / "sub" / "b.txt"));
  { // A forced rerun replaces the old folder entirely.
    ResultsDir dir(final_dir, bcssim::sim::ReplacePolicy{true});
    dir.write("c.txt", "new");
    dir.commit();
  }
  CHECK_FALSE(fs::exists(final_dir / "sub"));
  CHECK(fs::exists(final_dir / "c.txt"));

  // What a killed run leaves (a marked .tmp-<pid> of a dead process) is removed by the next run.
  fs::create_directories(base / "run.tmp-999999999" / "results");
  std::ofstream(base / "run.tmp-999999999" / bcssim::sim::kTempMarker)
      << bcssim::sim::temp_marker_text(final_dir, 999999999);
  {
    ResultsDir dir(final_dir, bcssim::sim::ReplacePolicy{true});
  }
  CHECK_FALSE(fs::exists(base / "run.tmp-999999999"));
  fs::remove_all(base);
}

TEST_CASE("the stale-temp cleanup removes only bcssim's own temporary folders of processes that are gone")
{
  namespace sim = bcssim::sim;
  const fs::path base = fs::temp_directory_path() / "bcssim-test-stale";
  fs::remove_all(base);
  const fs::path final_dir = base / "run";
  auto make = [&](const std::string& name, const std::string& marker) {
    fs::create_directories(base / name);
    std::ofstream(base / name / "keep.txt") << "data";
    if (!marker.empty())
      std::ofstream(base / name / sim::kTempMarker) << marker;
  };
  make("run.tmp-999999991", "");                                               // no marker: a user's folder
  make("run.tmp-999999992", sim::temp_marker_text(base / "other", 999999992)); // another folder's
  make("run.tmp-999999993", sim::temp_marker_text(final_dir, 999999994));      // another process's
  make("run.tmp-1", sim::temp_marker_text(final_dir, 1));                      // a live process (init)
  make("run.tmp-999999995", sim::temp_marker_text(final_dir, 999999995));      // stale: removed
  std::ofstream(base / "run.tmp-999999996") << "a file";
  sim::remove_stale_temps(final_dir);
  for (const char* kept : {"run.tmp-999999991", "run.tmp-999999992", "run.tmp-999999993", "run.tmp-1"}) {
    CAPTURE(kept);
    CHECK(fs::exists(base / kept / "keep.txt"));
  }
  CHECK(fs::exists(base / "run.tmp-999999996"));
  CHECK_FALSE(fs::exists(base / "run.tmp-999999995"));
  fs::remove_all(base);
}

TEST_CASE("replacing a results folder is atomic: its path always holds a whole results folder")
{
  const fs::path base = fs::temp_directory_path() / "bcssim-test-swap";
  fs::remove_all(base);
  const fs::path final_dir = base / "run";
  {
    ResultsDir first(final_dir);
    first.write("n.txt", "0");
    first.commit();
  }
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (int i = 1; i <= 300; ++i) {
      ResultsDir dir(final_dir, bcssim::sim::ReplacePolicy{true});
      dir.write("n.txt", std::to_string(i));
      dir.commit();
    }
    done = true;
  });
  long looks = 0, missing = 0;
  while (!done) {
    ++looks;
    std::error_code ec;
    if (!fs::exists(final_dir / "n.txt", ec))
      ++missing;
  }
  writer.join();
  CAPTURE(looks);
  CHECK(missing == 0);
  std::ifstream n(final_dir / "n.txt");
  std::string last;
  n >> last;
  CHECK(last == "300");
  for (const auto& entry : fs::directory_iterator(base)) // no sibling left behind
    CHECK(entry.path().filename() == "run");
  fs::remove_all(base);
}
