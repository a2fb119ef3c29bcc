// FCFS batch space sharing (storm/batch_queue): submission order, the head blocks the rest, lowest free PEs.
#include "storm/batch_queue.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using bcssim::storm::BatchQueue;
using bcssim::storm::PeId;

TEST_CASE("FCFS: jobs start in submission order on the lowest free PEs, the first waiting one blocks the others")
{
  BatchQueue q(2, 2); // 4 PEs
  q.submit(0, 3);
  q.submit(1, 2); // does not fit beside job 0
  q.submit(2, 1); // would fit, but waits behind job 1 (no backfilling)
  auto s = q.dispatch();
  REQUIRE(s.size() == 1);
  CHECK(s[0].first == 0);
  CHECK(s[0].second == std::vector<PeId>{{0, 0}, {0, 1}, {1, 0}});
  CHECK(q.dispatch().empty());
  CHECK(q.waiting() == 2);
  q.finish(0);
  s = q.dispatch();
  REQUIRE(s.size() == 2);
  CHECK(s[0].first == 1);
  CHECK(s[0].second == std::vector<PeId>{{0, 0}, {0, 1}});
  CHECK(s[1].first == 2);
  CHECK(s[1].second == std::vector<PeId>{{1, 0}});
  CHECK(q.free_pes() == 1);
  CHECK_THROWS_AS(q.submit(3, 5), std::invalid_argument);
  CHECK_THROWS_AS(q.finish(0), std::logic_error);
}
