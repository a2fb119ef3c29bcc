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

TEST_CASE(
    "gang matrix of MPL 1 is FCFS: submission order on the lowest free PEs, the first waiting job blocks the others")
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

TEST_CASE("EASY backfilling: later jobs start early only if they do not delay the first waiting job")
{
  bcssim::storm::GangMatrix m(4, 2, 1, {true, 1}); // 8 PEs, MPL 1
  m.submit(0, 4, 10);                              // A: 4 PEs, estimate 10 s
  m.submit(1, 6, 5);   // B: 6 PEs: waits; its reservation is A's end at 10 s, with 2 PEs to spare then
  m.submit(2, 2, 100); // C: fits now, ends after 10 s, but takes only the 2 spare PEs: starts
  m.submit(3, 1, 100); // D: fits now (2 free), would run past 10 s and no spare PE is left: waits
  m.submit(4, 1, 5);   // E: fits, ends by 5 s, before the reservation: starts
  m.submit(5, 1, 0);   // F: no estimate: could run forever, no spare PE: waits
  auto s = m.dispatch(0);
  REQUIRE(s.size() == 3);
  CHECK(s[0].id == 0);
  CHECK(s[1].id == 2);
  CHECK(s[2].id == 4);
  CHECK(m.waiting() == 3);
  m.finish(4); // E ends at 5 s: D is still too long, F has no estimate
  CHECK(m.dispatch(5).empty());
  m.finish(0); // A ends at 10 s: B starts on time, beside C
  s = m.dispatch(10);
  REQUIRE(s.size() == 1);
  CHECK(s[0].id == 1);
  CHECK(m.waiting() == 2);
  // Without backfilling the same queue waits behind B.
  bcssim::storm::GangMatrix fifo(4, 2, 1);
  fifo.submit(0, 4, 10);
  fifo.submit(1, 6, 5);
  fifo.submit(2, 2, 100);
  CHECK(fifo.dispatch(0).size() == 1);
}

TEST_CASE("EASY backfilling under time sharing: estimates x MPL, and a job in another row never delays the reservation")
{
  bcssim::storm::GangMatrix m(1, 4, 2, {true, 2}); // 4 PEs, MPL 2: estimated ends are start + 2 x estimate
  m.submit(0, 4, 10);                              // row 0, ends by 20 s
  m.submit(1, 3, 10);                              // row 1
  m.submit(2, 4, 10); // waits: row 0 frees at 20 s, row 1 at 20 s too, with no spare PE in row 0
  m.submit(3, 1, 9);  // fits only row 1 (1 PE free): not the reserved row (row 0, the first of equal shadows)
  auto s = m.dispatch(0);
  REQUIRE(s.size() == 3);
  CHECK(s[2].id == 3);
  CHECK(s[2].row == 1);
  m.submit(4, 1, 12); // no room anywhere now
  CHECK(m.dispatch(1).empty());
  // A job past its estimated end counts as ending now: at 30 s row 0's job (estimated end 20 s) is overdue.
  m.finish(1);
  m.finish(3);
  s = m.dispatch(30);
  REQUIRE(s.size() == 1);
  CHECK(s[0].id == 2); // the first waiting job takes row 1, now empty
  CHECK(s[0].row == 1);
}
