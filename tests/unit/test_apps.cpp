// The applications' pure parts: SWEEP3D's grid and message formulas, the synthetic loop's partners and work.
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "apps/synthetic/synthetic.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace bcssim::apps;

TEST_CASE("sweep3d: grid, local sizes and neighbours as sweep3d 2.2b computes them")
{
  int ni = 0, nj = 0;
  sweep3d::square_grid(64, ni, nj);
  CHECK((ni == 8 && nj == 8));
  sweep3d::square_grid(32, ni, nj);
  CHECK((ni == 4 && nj == 8));
  sweep3d::square_grid(7, ni, nj);
  CHECK((ni == 1 && nj == 7));

  sweep3d::Spec s;
  s.npe_i = 3;
  s.npe_j = 2;
  s.it_g = 10; // 4, 3, 3 columns
  s.jt_g = 7;  // 4, 3 rows
  s.kt = 25;
  s.mk = 10; // kb = 3, the last block 5 high
  const auto g4 = sweep3d::geometry(s, 4); // i = 1, j = 1
  CHECK(g4.i == 1);
  CHECK(g4.j == 1);
  CHECK(g4.it == 3);
  CHECK(g4.jt == 3);
  CHECK(g4.kb == 3);
  CHECK(g4.mmo == 2);
  CHECK((g4.west && g4.east && g4.south && !g4.north));
  CHECK(g4.ew_bytes() == 3u * 10 * 3 * 8); // jt * mk * mmi doubles, mk even for the short last block
  CHECK(g4.ns_bytes() == 3u * 10 * 3 * 8);
  const auto g0 = sweep3d::geometry(s, 0);
  CHECK(g0.it == 4);
  CHECK(g0.jt == 4);
  CHECK(g0.ns_bytes() == 4u * 10 * 3 * 8);
  CHECK_THROWS_AS(sweep3d::check(s, 5), std::invalid_argument);
  s.mmi = 4;
  CHECK_THROWS_AS(sweep3d::check(s, 6), std::invalid_argument);
}

TEST_CASE("sweep3d: messages per iteration follow from the octants that have an upstream neighbour")
{
  sweep3d::Spec s;
  s.npe_i = 3;
  s.npe_j = 3;
  s.it_g = s.jt_g = 30;
  s.kt = 20;
  s.mk = 10;
  // Interior rank 4: every octant has E/W and N/S inflow and outflow: 8 octants x 2 angle blocks x 2 k-blocks.
  const auto mid = sweep3d::traffic_per_iteration(s, 4);
  CHECK(mid.recvs == 8u * 2 * 2 * 2);
  CHECK(mid.sends == mid.recvs);
  CHECK(mid.send_bytes == 8u * 2 * 2 * (2 * 10 * 10 * 3 * 8));
  // Corner rank 0 (no west, no south): inflow E/W only in the 4 octants sweeping -i, N/S in the 4 sweeping -j.
  const auto corner = sweep3d::traffic_per_iteration(s, 0);
  CHECK(corner.recvs == 4u * 2 * 2 + 4u * 2 * 2);
  CHECK(corner.sends == corner.recvs);
  // Over the whole grid every send has its receive.
  std::uint64_t sends = 0, recvs = 0;
  for (int r = 0; r < 9; ++r) {
    sends += sweep3d::traffic_per_iteration(s, r).sends;
    recvs += sweep3d::traffic_per_iteration(s, r).recvs;
  }
  CHECK(sends == recvs);
  CHECK(sends == 8u * 4 * (2 * 3 * 2)); // 8 octants x 4 blocks x 12 grid edges, one message each way per block
}

TEST_CASE("synthetic: partners at +1, -1, +2, ... and seeded work that depends on the rank only")
{
  CHECK(synthetic::partner_offsets(8, 4) == std::vector<int>{1, 7, 2, 6});
  CHECK(synthetic::partner_offsets(8, 3) == std::vector<int>{1, 7, 2});
  CHECK(synthetic::partner_offsets(2, 4) == std::vector<int>{1}); // +1 and -1 are the same rank
  CHECK(synthetic::partner_offsets(1, 2).empty());

  synthetic::Spec s;
  s.granularity = 1e-3;
  s.imbalance = 0.5;
  s.variability = 0.2;
  s.seed = 7;
  synthetic::Workload a(s, 3), b(s, 3), c(s, 4);
  double first_a = a.next(), first_c = c.next();
  CHECK(first_a == b.next()); // the same seed and rank draw the same work
  CHECK(first_a != first_c);
  for (int i = 0; i < 1000; ++i) {
    const double w = a.next();
    CHECK(w >= 1e-3 * 0.8);
    CHECK(w < 1e-3 * 1.5 * 1.2);
  }
  s.imbalance = s.variability = 0;
  synthetic::Workload flat(s, 5);
  CHECK(flat.next() == 1e-3);
}
