// Gang scheduling's Ousterhout matrix (storm/gang_matrix): first row with room, lowest free PEs of that row,
// rotation over the rows that hold a job, jobs waiting in order when no row has room.
#include "storm/gang_matrix.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using bcssim::storm::GangMatrix;
using bcssim::storm::PeId;

TEST_CASE("gang matrix: jobs fill the first row with room, rows rotate, a job waits until a row has room")
{
  GangMatrix m(2, 2, 2); // 4 PEs, MPL 2
  m.submit(0, 4);
  m.submit(1, 2);
  m.submit(2, 2);
  m.submit(3, 1); // no room in either row
  auto placed = m.dispatch();
  REQUIRE(placed.size() == 3);
  CHECK(placed[0].row == 0);
  CHECK(placed[1].row == 1);
  CHECK(placed[1].pes == std::vector<PeId>{{0, 0}, {0, 1}});
  CHECK(placed[2].row == 1);
  CHECK(placed[2].pes == std::vector<PeId>{{1, 0}, {1, 1}});
  CHECK(m.waiting() == 1);
  CHECK(m.next_row(std::nullopt) == 0u);
  CHECK(m.next_row(0u) == 1u);
  CHECK(m.next_row(1u) == 0u);
  CHECK(m.job_at(1, PeId{1, 0}) == 2);
  m.finish(0);
  CHECK(m.next_row(1u) == 1u); // row 0 is empty now: row 1 runs again
  placed = m.dispatch();
  REQUIRE(placed.size() == 1);
  CHECK(placed[0].id == 3);
  CHECK(placed[0].row == 0);
  CHECK(placed[0].pes == std::vector<PeId>{{0, 0}});
  CHECK_FALSE(m.job_at(0, PeId{0, 1}).has_value());
  m.finish(1);
  m.finish(2);
  m.finish(3);
  CHECK_FALSE(m.next_row(0u).has_value());
  CHECK_THROWS_AS(GangMatrix(1, 1, 0), std::invalid_argument);
  CHECK_THROWS_AS(m.finish(3), std::logic_error);
}

TEST_CASE("gang matrix of MPL 1 is FCFS: submission order on the lowest free PEs, the first waiting job blocks the others")
{
  GangMatrix q(2, 2, 1); // 4 PEs
  q.submit(0, 3);
  q.submit(1, 2); // does not fit beside job 0
  q.submit(2, 1); // would fit, but waits behind job 1 (no backfilling)
  auto s = q.dispatch();
  REQUIRE(s.size() == 1);
  CHECK(s[0].id == 0);
  CHECK(s[0].pes == std::vector<PeId>{{0, 0}, {0, 1}, {1, 0}});
  CHECK(q.dispatch().empty());
  CHECK(q.waiting() == 2);
  q.finish(0);
  s = q.dispatch();
  REQUIRE(s.size() == 2);
  CHECK(s[0].id == 1);
  CHECK(s[0].pes == std::vector<PeId>{{0, 0}, {0, 1}});
  CHECK(s[1].id == 2);
  CHECK(s[1].pes == std::vector<PeId>{{1, 0}});
  CHECK(q.job_at(0, PeId{1, 1}) == std::nullopt); // the one PE left free
  CHECK_THROWS_AS(q.submit(3, 5), std::invalid_argument);
  CHECK_THROWS_AS(q.finish(0), std::logic_error);
}
