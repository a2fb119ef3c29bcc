// The applications' pure parts: SWEEP3D's grid and message formulas, SAGE's cell decomposition, the synthetic
// loop's partners and work.
#include "apps/sage_proxy/sage.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "apps/synthetic/synthetic.hpp"
#include "tests/app_fixtures.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>

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
  // Near INT_MAX: d * d would overflow an int past d = 46340 (2097151 nodes x 1024 PEs = 2^10 x 7^2 x 127 x 337).
  sweep3d::square_grid(2147482624, ni, nj);
  CHECK((ni == 43136 && nj == 49784));
  sweep3d::square_grid(2147483647, ni, nj); // INT_MAX, a prime
  CHECK((ni == 1 && nj == 2147483647));

  sweep3d::Spec s = bcssim::test::sweep3d_spec();
  s.npe_i = 3;
  s.npe_j = 2;
  s.it_g = 10; // 4, 3, 3 columns
  s.jt_g = 7;  // 4, 3 rows
  s.kt = 25;
  s.mk = 10;                               // kb = 3, the last block 5 high
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
  sweep3d::Spec s = bcssim::test::sweep3d_spec();
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

  synthetic::Spec s = bcssim::test::synthetic_spec();
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

namespace {

// Brute force over every cell: for each face-adjacent pair (c, c + stride) owned by two processes, one pair
// between their owners.
std::map<std::pair<int, int>, std::int64_t> brute_force_pairs(const sage::Spec& s, int processes)
{
  const sage::Grid g = sage::grid(s, processes);
  const std::int64_t plane = g.side * g.side;
  std::map<std::pair<int, int>, std::int64_t> pairs;
  for (std::int64_t c = 0; c < g.cells; ++c) {
    const bool has_x = c % g.side != g.side - 1, has_y = c % plane < plane - g.side;
    for (auto [stride, adjacent] : {std::pair{std::int64_t(1), has_x}, {g.side, has_y}, {plane, true}}) {
      const std::int64_t d = c + stride;
      const int p = int(c / s.cells_per_process), q = int(d / s.cells_per_process);
      if (adjacent && d < g.cells && p != q) {
        ++pairs[{p, q}];
        ++pairs[{q, p}];
      }
    }
  }
  return pairs;
}

} // namespace

TEST_CASE("sage: the linear decomposition's neighbours and ghost sizes")
{
  sage::Spec s = bcssim::test::sage_spec();
  // 8 processes x 8 cells = a 4 x 4 x 4 cube; each process owns two rows of a plane. Process 2 (rows 0-1 of plane
  // 1) touches process 0 across z (8 cells), process 3 across y (its second row against 3's first: 4 cells) and
  // process 4 across z; its rows end where the grid's rows do, so no pair along x.
  s.cells_per_process = 8;
  CHECK(sage::grid(s, 8).side == 4);
  const auto n = sage::neighbours(s, 8, 2);
  REQUIRE(n.size() == 3);
  CHECK((n[0].rank == 0 && n[0].bytes == 8 * 8));
  CHECK((n[1].rank == 3 && n[1].bytes == 4 * 8));
  CHECK((n[2].rank == 4 && n[2].bytes == 8 * 8));
  CHECK(sage::neighbours(s, 8, 3).size() == 3); // 1 and 5 across z, 2 across y
  CHECK(sage::neighbours(s, 1, 0).empty());

  // The paper's size: 64 x 13,500 cells fill a 96-cell cube up to part of its last plane; a process spans more
  // than one plane, so it touches only its two neighbours in the numbering.
  s.cells_per_process = 13500;
  CHECK(sage::grid(s, 64).side == 96);
  const auto mid = sage::neighbours(s, 64, 10);
  REQUIRE(mid.size() == 2);
  CHECK((mid[0].rank == 9 && mid[1].rank == 11));
  CHECK(sage::neighbours(s, 64, 0).size() == 1);
}

TEST_CASE("sage: ghost sizes equal a brute-force count of adjacent cells, symmetric, on partial grids too")
{
  // Shapes where a process spans less than a row, less than a plane, and more than a plane; cell totals that are
  // and are not cubes.
  for (const auto& shape : {std::pair{8, 8}, {5, 7}, {27, 3}, {16, 50}, {6, 200}, {64, 13}, {3, 1000}}) {
    const int processes = shape.first, cells = shape.second; // (clang: CAPTURE cannot name a structured binding)
    CAPTURE(processes);
    CAPTURE(cells);
    sage::Spec s = bcssim::test::sage_spec();
    s.cells_per_process = cells;
    s.ghost_bytes = 8;
    const auto expected = brute_force_pairs(s, processes);
    std::map<std::pair<int, int>, std::int64_t> got;
    for (int p = 0; p < processes; ++p)
      for (const sage::Neighbour& n : sage::neighbours(s, processes, p)) {
        CHECK(n.bytes % 8 == 0);
        got[{p, n.rank}] = std::int64_t(n.bytes / 8);
      }
    CHECK(got == expected);
  }
}

TEST_CASE("sage: a spec that cannot run names its field")
{
  sage::Spec s = bcssim::test::sage_spec();
  s.exchanges = 0;
  s.allreduces = 0;
  CHECK_THROWS_WITH_AS(sage::check(s), doctest::Contains("at least one exchange or allreduce"), std::invalid_argument);
  s.allreduces = 1;
  s.cells_per_process = 0;
  CHECK_THROWS_WITH_AS(sage::check(s), doctest::Contains("cells_per_process"), std::invalid_argument);
  s.cells_per_process = 10;
  s.variability = 1.5;
  CHECK_THROWS_WITH_AS(sage::check(s), doctest::Contains("variability"), std::invalid_argument);
}
