// The Monitoring and Debugging System on a running BCS-MPI job (000 §5): what the MMDS records of each process.
#include "bcs/mds/mmds.hpp"
#include "bcs_harness.hpp"
#include "mpi/bcs/bcs_comm.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;
using test::slice;

TEST_CASE("MMDS of a BCS ping-pong: waits in blocking calls are communication overhead and the rest computation")
{
  const json on_bcs = {{"mpi", "bcs"},
                       {"platform", {{"preset", "crescendo"}, {"nodes", 32}}},
                       {"bcs", {{"mds", {{"mmds", true}, {"primitives", {"MPI_Send", "MPI_Recv"}}}}}}};
  Baseline b(2, 1, on_bcs);
  std::vector<double> began(2), ended(2);
  b.run([&](mpi::Comm& c) {
    began[c.rank()] = now();
    int v = 7;
    for (int i = 0; i < 3; ++i) { // 000 Figure 5.1's ping-pong, three times, 1.2 slices of work between
      c.compute(1.2 * slice);
      if (c.rank() == 0) {
        c.send(&v, sizeof v, 1, 0);
        c.recv(&v, sizeof v, 1, 0);
      } else {
        c.recv(&v, sizeof v, 0, 0);
        c.send(&v, sizeof v, 0, 0);
      }
    }
    ended[c.rank()] = now();
  });
  REQUIRE(b.job().finished());
  for (int r = 0; r < 2; ++r) {
    CAPTURE(r);
    const auto& m = dynamic_cast<const mpi::bcs_mpi::BcsComm&>(b.job().comm(r)).mmds();
    const auto& s = m.summary();
    REQUIRE(s.count(bcs::mds::kCommOverhead) == 1);
    CHECK(s.at(bcs::mds::kCommOverhead).count == 6); // 3 sends and 3 receives, all blocking
    CHECK(s.at(bcs::mds::kCompGranularity).count == 7);
    CHECK(s.at("MPI_Send").count == 3);
    CHECK(s.at("MPI_Recv").count == 3);
    // The two kinds of interval tile the process's life (000 §5.1.1), up to the final bookkeeping.
    const double life = ended[r] - began[r];
    CHECK(s.at(bcs::mds::kCompGranularity).total + s.at(bcs::mds::kCommOverhead).total ==
          doctest::Approx(life).epsilon(1e-6));
    // A blocking call posted mid-slice waits for the strobe after next: at least half a slice, at most two.
    CHECK(s.at(bcs::mds::kCommOverhead).min > 0.5 * slice);
    CHECK(s.at(bcs::mds::kCommOverhead).max < 2.1 * slice);
    // Computation intervals: the 1.2 slices of work plus the bookkeeping, or less (the first and last ones).
    CHECK(s.at(bcs::mds::kCompGranularity).max < 1.2 * slice + 20e-6);
    REQUIRE(m.latencies().count("MPI_Send") == 1);
    std::uint64_t binned = 0;
    for (const auto& [bin, n] : m.latencies().at("MPI_Send").bins())
      binned += n;
    CHECK(binned == 3);
    CHECK(m.sizes().at("MPI_Recv").bins().at(0) == 3); // 4-byte messages: bin [0, 1 KiB)
  }
}

// 000 §5.3: a barrier every 1.9 ms under 250 us slices. The EMDS must show every slice 250 us after the last,
// and a barrier scheduled every nine slices on every node.
TEST_CASE("EMDS of a barrier loop: slices every 250 us and a barrier scheduled every nine slices")
{
  const json mds = {{"emds", true}, {"emds_first_slice", 40}, {"emds_slices", 200}, {"emds_nodes", {3}}};
  const json scenario = {{"mpi", "bcs"},
                         {"platform", {{"preset", "crescendo"}, {"nodes", 8}}},
                         {"bcs", {{"runtime", {{"slice", "250us"}}}, {"mds", mds}}}};
  Baseline b(16, 2, scenario);
  b.run([&](mpi::Comm& c) {
    for (int i = 0; i < 40; ++i) {
      c.compute(1.9e-3);
      c.barrier();
    }
  });
  REQUIRE(b.job().finished());
  const auto& emds = b.world.bcs_runtime().emds();
  REQUIRE(emds.global().size() == 200);
  CHECK(emds.global().front().slice == 40);
  for (const auto& g : emds.global()) {
    CAPTURE(g.slice);
    CHECK(g.getts == doctest::Approx(250e-6).epsilon(1e-9));
    CHECK(g.gtdem > 0);
    CHECK(g.gtdem <= g.gtts);
    CHECK(g.gtts < 250e-6);
    CHECK(g.usrdem <= g.usrts);
  }
  REQUIRE(emds.local().size() == 200); // node 3 only
  std::vector<std::int64_t> scheduled;
  for (const auto& l : emds.local()) {
    CHECK(l.node == 3);
    CHECK(l.np2pdem == 0);
    CHECK(l.np2pmsm == 0);
    CHECK(l.letts == doctest::Approx(250e-6).epsilon(1e-6));
    CHECK(l.ltdem <= l.ltts);
    if (l.ncollmsm > 0) {
      scheduled.push_back(l.slice);
      CHECK(l.ncolldem == 1); // its flag was raised at this very strobe
      CHECK(l.bpts == 2);     // both local processes wait in the barrier
    }
  }
  REQUIRE(scheduled.size() >= 20);
  for (std::size_t i = 1; i < scheduled.size(); ++i)
    CHECK(scheduled[i] - scheduled[i - 1] == 9);
}
