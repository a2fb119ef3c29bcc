// What validation counts of a trace against the bounds on a run's wall time (sim/machine/run_bounds.hpp,
// apps/traffic.hpp): its computations, and the messages its data collectives are made of (hostile pass of
// 2026-12-07, finding 7), each checked against the bound's limit.
#include "apps/app.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/app/params.hpp"
#include "sim/machine/run_bounds.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

// The traffic validation counts of `lines` on 4 ranks (every rank runs them).
apps::Traffic traffic_of(const std::string& lines)
{
  const fs::path dir = fs::temp_directory_path() / ("bcssim-run-bounds-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path trace = dir / "t.txt";
  {
    std::ofstream out(trace);
    for (int r = 0; r < 4; ++r)
      out << r << " init\n";
    std::string line;
    std::istringstream in(lines);
    while (std::getline(in, line))
      for (int r = 0; r < 4; ++r)
        out << r << " " << line << "\n";
    for (int r = 0; r < 4; ++r)
      out << r << " finalize\n";
  }
  const sim::Scenario sc = sim::Scenario::resolve(
      {{"kind", "app"}, {"app", {{"name", "replay"}, {"processes", 4}}}, {"replay", {{"trace", trace.string()}}}}, {},
      "t");
  const apps::App& app = apps::find("replay");
  REQUIRE(app.least_traffic);
  const apps::Traffic t = app.least_traffic(sc, sim::app_context(sc, sim::app_ranks(sc)));
  fs::remove_all(dir);
  return t;
}

} // namespace

TEST_CASE("a trace's compute and sleep actions are counted, one each per rank")
{
  const apps::Traffic t = traffic_of("compute 100\ncompute 1\nsleep 0.5\nbarrier\n");
  CHECK(t.computations == 12);
  CHECK(t.calls == 4);
}

TEST_CASE("a data collective counts its blocks' messages: n - 1 out of a scatter's root, one from each other rank of "
          "a gather, n - 1 from every rank of an all-to-all or all-gather")
{
  CHECK(traffic_of("scatter 10 10 0\n").messages == 3);
  CHECK(traffic_of("gather 10 10 2\n").messages == 3);
  CHECK(traffic_of("alltoall 10 10\n").messages == 12);
  CHECK(traffic_of("allgather 10 10\n").messages == 12);
  CHECK(traffic_of("alltoall 10 10\nalltoall 10 10\n").calls == 8);
  // A broadcast or reduction moves through the MPI's own tree or the NIC: counted as calls only.
  CHECK(traffic_of("bcast 10 0\n").messages == 0);
}

TEST_CASE("a job of more than 4e8 computations is refused naming the trace, unless run_bounds = false")
{
  const sim::Scenario sc = sim::Scenario::resolve({{"kind", "app"}, {"mpi", "quadrics"}}, {}, "t");
  apps::Traffic t;
  t.path = "replay.trace";
  t.computations = 4e8;
  CHECK_NOTHROW(sim::check_job(sc, "replay", 1, t));
  t.computations = 4.1e8;
  try {
    sim::check_job(sc, "replay", 1, t);
    FAIL("a job of 4.1e8 computations passed");
  } catch (const sim::ScenarioError& e) {
    CHECK(std::string(e.what()).find("expected a job of at most 4e8 computations over its ranks (its compute and "
                                     "sleep actions, each about 3 us of wall time, about 20 minutes in all): the "
                                     "replay job has 4.1e8") != std::string::npos);
  }
  const sim::Scenario anyway =
      sim::Scenario::resolve({{"kind", "app"}, {"mpi", "quadrics"}, {"run_bounds", false}}, {}, "t");
  CHECK_NOTHROW(sim::check_job(anyway, "replay", 1, t));
}
