// The applications run end to end through sim::simulate (kind "app") on both backends: SWEEP3D's messages match
// its formulas, SAGE's follow its decomposition, and the synthetic loop's time under BCS-MPI is what the slice protocol dictates.
#include "apps/common/variable_work.hpp"
#include "apps/sage_proxy/sage.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "sim/driver/simulation.hpp"
#include "sim/kinds/app/kind.hpp"
#include "tests/app_fixtures.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace bcssim;
using nlohmann::json;

namespace {

// A 3 x 2 grid of 6 ranks on 3 Crescendo nodes, 6 x 6 x 20 cells per rank, 2 iterations.
json sweep3d_scenario(const std::string& mpi, const std::string& variant)
{
  return {{"kind", "app"},
          {"mpi", mpi},
          {"app", {{"name", "sweep3d"}, {"processes", 6}}},
          {"sweep3d",
           {{"variant", variant},
            {"npe_i", 3},
            {"it", 6},
            {"jt", 6},
            {"kt", 20},
            {"iterations", 2},
            {"grind_cycles", 100}}}};
}

void check_sweep3d_counts(const std::string& mpi, const std::string& variant)
{
  const sim::Scenario sc = sim::Scenario::resolve(sweep3d_scenario(mpi, variant), {});
  const sim::SimulationResult r = sim::simulate(sc);
  const auto& profile = sim::app_result(*r.run).profile;

  apps::sweep3d::Spec s = test::sweep3d_spec();
  s.npe_i = 3;
  s.npe_j = 2;
  s.it_g = 18;
  s.jt_g = 12;
  s.kt = 20;
  apps::sweep3d::Traffic total;
  for (int rank = 0; rank < 6; ++rank) {
    const auto t = apps::sweep3d::traffic_per_iteration(s, rank);
    total.sends += 2 * t.sends;
    total.send_bytes += 2 * t.send_bytes;
    total.recvs += 2 * t.recvs;
    total.recv_bytes += 2 * t.recv_bytes;
  }
  const bool blocking = variant == "blocking";
  const std::string send = blocking ? "MPI_Send" : "MPI_Isend";
  const std::string recv = blocking ? "MPI_Recv" : "MPI_Irecv";
  REQUIRE(profile.count(send) == 1);
  REQUIRE(profile.count(recv) == 1);
  CHECK(profile.at(send).count == total.sends);
  CHECK(profile.at(send).bytes == total.send_bytes);
  CHECK(profile.at(recv).count == total.recvs);
  CHECK(profile.at(recv).bytes == total.recv_bytes);
  CHECK(total.sends == 2u * 8 * 2 * 2 * 7); // 2 iterations x 8 octants x 2 angle blocks x 2 k-blocks x 7 edges
  // Set-up 4 Bcast + 2 Barrier, 2 Allreduce per iteration, then 1 Barrier + 8 Allreduce: per rank.
  CHECK(profile.at("MPI_Bcast").count == 6u * 4);
  CHECK(profile.at("MPI_Barrier").count == 6u * 3);
  CHECK(profile.at("MPI_Allreduce").count == 6u * (2 * 2 + 8));
  if (!blocking) {
    CHECK(profile.count("MPI_Send") == 0);
    CHECK(profile.at("MPI_Waitall").count > 0);
  }
  CHECK(sim::app_result(*r.run).processes == 6);
  CHECK(sim::app_result(*r.run).nodes == 3);
  // The computation alone: per rank, 32 blocks per iteration of 6 x 6 x 10 x 3 cell-angles at 100 cycles per
  // cell-angle on 1 GHz: a lower bound of the run time.
  CHECK(double(sim::app_result(*r.run).time_ns) * 1e-9 > 2 * 32 * 6 * 6 * 10 * 3 * 100e-9);
}

} // namespace

TEST_CASE("SWEEP3D proxy messages match the formulas - baseline blocking")
{
  check_sweep3d_counts("quadrics", "blocking");
}

TEST_CASE("SWEEP3D proxy messages match the formulas - BCS-MPI non-blocking")
{
  check_sweep3d_counts("bcs", "non_blocking");
}

TEST_CASE("SWEEP3D proxy messages match the formulas - BCS-MPI ordered") { check_sweep3d_counts("bcs", "ordered"); }

TEST_CASE("synthetic barrier loop under BCS-MPI: each 1 ms computation plus barrier takes exactly 2 slices")
{
  // 1 ms of computation is 2 slices; the barrier posted just after a boundary is scheduled in the next slice and
  // the ranks resume at the one after (001 Figure 1): 4 slices = 2 ms per iteration, after a first barrier that
  // takes the ranks from their start to the second slice boundary.
  const json user = {{"kind", "app"},
                     {"mpi", "bcs"},
                     {"app", {{"name", "synthetic"}, {"processes", 8}}},
                     {"synthetic", {{"pattern", "barrier"}, {"granularity", "1ms"}, {"iterations", 10}}}};
  const sim::SimulationResult r = sim::simulate(sim::Scenario::resolve(user, {}));
  const double t = double(sim::app_result(*r.run).time_ns) * 1e-9;
  CHECK(t == doctest::Approx(1e-3 + 10 * 2e-3).epsilon(1e-3).scale(0)); // within 21 us: the ranks' start-up offset
  CHECK(sim::app_result(*r.run).profile.at("MPI_Barrier").count == 8u * 11);
  CHECK(sim::app_result(*r.run).profile.at("MPI_Barrier").min == doctest::Approx(1e-3).epsilon(1e-2).scale(0));
}

TEST_CASE("synthetic exchange loop on the baseline - seeded imbalance and the message counts and bytes")
{
  const json user = {{"kind", "app"},
                     {"mpi", "quadrics"},
                     {"app", {{"name", "synthetic"}, {"processes", 16}}},
                     {"synthetic",
                      {{"pattern", "exchange"},
                       {"granularity", "5ms"},
                       {"iterations", 4},
                       {"neighbours", 4},
                       {"message_size", "8KiB"},
                       {"imbalance", 0.2},
                       {"variability", 0.1}}}};
  const sim::SimulationResult r = sim::simulate(sim::Scenario::resolve(user, {}));
  const auto& p = sim::app_result(*r.run).profile;
  CHECK(p.at("MPI_Isend").count == 16u * 4 * 4);
  CHECK(p.at("MPI_Isend").bytes == 16u * 4 * 4 * 8192);
  CHECK(p.at("MPI_Irecv").count == 16u * 4 * 4);
  CHECK(p.at("MPI_Waitall").count == 16u * 4);
  // The slowest rank computes at most 5 ms x 1.2 x 1.1 per iteration; communication adds well under a millisecond.
  const double t = double(sim::app_result(*r.run).time_ns) * 1e-9;
  CHECK(t > 4 * 5e-3);
  CHECK(t < 4 * 5e-3 * 1.2 * 1.1 + 1e-3);
}

namespace {

// 12 ranks on 6 Crescendo nodes, 50 cells each (a 9-cell cube side: a process spans less than a plane, so it has
// neighbours along y and z), 2 cycles of 2 exchanges and 3 allreduces.
void check_sage_counts(const std::string& mpi)
{
  const json user = {{"kind", "app"},
                     {"mpi", mpi},
                     {"app", {{"name", "sage"}, {"processes", 12}}},
                     {"sage",
                      {{"cells_per_process", 50},
                       {"cycles", 2},
                       {"exchanges", 2},
                       {"allreduces", 3},
                       {"ghost_size", "16B"},
                       {"cell_cycles", 20000}}}};
  const sim::SimulationResult r = sim::simulate(sim::Scenario::resolve(user, {}));
  const auto& p = sim::app_result(*r.run).profile;
  apps::sage::Spec s = test::sage_spec();
  s.cells_per_process = 50;
  s.ghost_bytes = 16;
  std::uint64_t messages = 0, bytes = 0;
  for (int rank = 0; rank < 12; ++rank)
    for (const apps::sage::Neighbour& n : apps::sage::neighbours(s, 12, rank)) {
      ++messages;
      bytes += n.bytes;
    }
  CHECK(messages > 2 * 12 - 2); // more than the two numbering neighbours of a slab decomposition
  const std::uint64_t exchanges = 2 * 2;
  CHECK(p.at("MPI_Isend").count == exchanges * messages);
  CHECK(p.at("MPI_Isend").bytes == exchanges * bytes);
  CHECK(p.at("MPI_Irecv").count == exchanges * messages);
  CHECK(p.at("MPI_Irecv").bytes == exchanges * bytes);
  CHECK(p.at("MPI_Waitall").count == 12 * exchanges);
  CHECK(p.at("MPI_Allreduce").count == 12u * 2 * 3);
  CHECK(p.at("MPI_Barrier").count == 12u * 2);
  CHECK(p.at("MPI_Bcast").count == 12u);
  CHECK(p.size() == 6);
  // The computation alone, 50 cells x 20,000 cycles at 1 GHz = 1 ms per cycle, bounds the run time below.
  CHECK(double(sim::app_result(*r.run).time_ns) * 1e-9 > 2 * 1e-3);
}

} // namespace

TEST_CASE("SAGE proxy ghost exchanges follow its decomposition - baseline") { check_sage_counts("quadrics"); }

TEST_CASE("SAGE proxy ghost exchanges follow its decomposition - BCS-MPI") { check_sage_counts("bcs"); }

TEST_CASE("SWEEP3D proxy variability: each block's computation is the grind time x the rank's seeded factor")
{
  // One rank, so the run is its 64 blocks of computation plus a few one-rank collectives (microseconds).
  json user = sweep3d_scenario("quadrics", "blocking");
  user["app"]["processes"] = 1;
  user["sweep3d"]["npe_i"] = 1;
  user["sweep3d"]["variability"] = 0.2;
  user["seed"] = 3;
  const sim::Scenario sc = sim::Scenario::resolve(user, {});
  const sim::SimulationResult r = sim::simulate(sc);
  const double block = 6 * 6 * 10 * 3 * 100e-9; // cell-angles x 100 cycles at 1 GHz
  apps::VariableWork work(1.0, 0, 0.2, 3, 0);
  double varied = 0;
  for (int b = 0; b < 2 * 32; ++b)
    varied += block * work.next();
  const double steady = 2 * 32 * block;
  REQUIRE(std::abs(varied - steady) > 100e-6); // this seed's factors do not cancel out (153 us)
  const double t = double(sim::app_result(*r.run).time_ns) * 1e-9;
  CHECK(t > varied);
  CHECK(t < varied + 20e-6); // the collectives: 9 us
}
