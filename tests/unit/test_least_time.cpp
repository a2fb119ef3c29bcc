// Each application's least run time (apps::App::least_time), which validation bounds a run's slices and detours
// by (issue 45 item 12), is a lower bound of what the committed paper studies measured: at every point, on both
// MPIs, it is at most the point's simulated time, and for a program that only computes it is most of it.
#include "apps/app.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/app/params.hpp"
#include "sim/study/study.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

// point -> time_s of a committed runs.csv (its columns: point, ..., time_s last).
std::map<std::size_t, double> committed_times(const fs::path& runs)
{
  std::ifstream in(runs);
  REQUIRE(in.good());
  std::string line;
  std::getline(in, line);
  REQUIRE(line.rfind("point,", 0) == 0);
  std::map<std::size_t, double> times;
  while (std::getline(in, line)) {
    const std::size_t comma = line.rfind(',');
    times[std::stoul(line.substr(0, line.find(',')))] = std::stod(line.substr(comma + 1));
  }
  return times;
}

// The least time of a study's points, against their committed times; the smallest ratio least / measured.
double check_study(const std::string& name)
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path cwd = fs::current_path();
  fs::current_path(root); // the scenarios name their traces relative to the repository
  const sim::Study study = sim::Study::load("scenarios/paper/" + name + ".json");
  const auto times = committed_times(root / "results/paper" / name / "runs.csv");
  REQUIRE(times.size() == study.size());
  double tightest = 1;
  for (std::size_t i = 0; i < study.size(); ++i) {
    const sim::Scenario& sc = study.point(i);
    const apps::App& app = apps::find(sc.spec(sim::app_params()).name);
    REQUIRE(app.least_time);
    const double least = app.least_time(sc, sim::app_context(sc, sim::app_ranks(sc)));
    CAPTURE(name);
    CAPTURE(i);
    CHECK(least > 0);
    CHECK(least <= times.at(i));
    tightest = std::min(tightest, least / times.at(i));
  }
  fs::current_path(cwd);
  return tightest;
}

} // namespace

TEST_CASE("an application's least run time bounds every committed paper point from below")
{
  // The smallest ratio least / measured of each study (2026-12-02: 0.488 for the synthetic loop at 1 ms on
  // BCS-MPI, where slices wait for the strobe; 0.19 for SWEEP3D's real trace on BCS-MPI).
  CHECK(check_study("synthetic-barrier") > 0.45);
  CHECK(check_study("sage") > 0.5);
  CHECK(check_study("sweep3d-blocking") > 0.2);
  CHECK(check_study("sweep3d-trace") > 0.15);
  CHECK(check_study("nas-ep") > 0.9); // EP barely communicates
}
