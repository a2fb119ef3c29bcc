// MPI matching semantics (MPI-1.1 §3.5) on the pure matching queues: wildcards, order, non-overtaking under
// out-of-order delivery, probe, contexts, cancel, and the walk counts the baseline charges as NIC time.
#include "base/matching.hpp"
#include "models/elan3/tports/walk_cost.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace bcssim::base;

namespace {
Envelope env(int source, int tag, std::uint64_t seq, std::uint64_t bytes = 8, int context = 0)
{
  return Envelope{source, tag, context, seq, bytes};
}
} // namespace

TEST_CASE("a receive posted first takes the matching message when it arrives")
{
  MatchingQueues q;
  CHECK_FALSE(q.post(1, {ANY_SOURCE, 7}).has_value());
  CHECK(q.arrive(env(3, 5, 0)).empty()); // tag 5 does not match: unexpected
  const auto m = q.arrive(env(4, 7, 0));
  REQUIRE(m.size() == 1);
  CHECK(m[0].receive == 1);
  CHECK(m[0].envelope.source == 4);
  CHECK(q.unexpected() == 1);
  CHECK(q.posted() == 0);
}

TEST_CASE("an unexpected message is taken by the first receive that matches it")
{
  MatchingQueues q;
  CHECK(q.arrive(env(2, 9, 0, 100)).empty());
  CHECK(q.unexpected() == 1);
  CHECK_FALSE(q.post(1, {3, ANY_TAG}).has_value()); // wrong source
  const auto e = q.post(2, {ANY_SOURCE, ANY_TAG});
  REQUIRE(e.has_value());
  CHECK(e->bytes == 100);
  CHECK(q.unexpected() == 0);
  CHECK(q.posted() == 1); // receive 1 still waits
}

TEST_CASE("same tag from two senders: each receive gets the earliest matching arrival")
{
  MatchingQueues q;
  q.arrive(env(1, 4, 0));
  q.arrive(env(2, 4, 0));
  q.arrive(env(1, 4, 1));
  CHECK(q.post(10, {ANY_SOURCE, 4})->source == 1);
  CHECK(q.post(11, {ANY_SOURCE, 4})->source == 2);
  const auto third = q.post(12, {2, 4});
  CHECK_FALSE(third.has_value()); // rank 2 sent only one
  CHECK(q.post(13, {1, 4})->seq == 1);
}

TEST_CASE("posted receives are matched in the order they were posted")
{
  MatchingQueues q;
  q.post(1, {ANY_SOURCE, ANY_TAG});
  q.post(2, {5, 3});
  const auto m = q.arrive(env(5, 3, 0));
  REQUIRE(m.size() == 1);
  CHECK(m[0].receive == 1); // the wildcard was posted first
}

TEST_CASE("non-overtaking: a sender's messages become eligible in send order whatever the delivery order")
{
  MatchingQueues q;
  q.post(1, {6, ANY_TAG});
  CHECK(q.arrive(env(6, 1, 2)).empty()); // seq 2 early: held
  CHECK(q.arrive(env(6, 1, 1)).empty()); // seq 1 early: held
  CHECK(q.held() == 2);
  CHECK_FALSE(q.probe({6, ANY_TAG}).has_value()); // held messages are invisible to probe
  const auto m = q.arrive(env(6, 1, 0));          // fills the gap: 0 matches receive 1, 1 and 2 go unexpected
  REQUIRE(m.size() == 1);
  CHECK(m[0].envelope.seq == 0);
  CHECK(q.held() == 0);
  CHECK(q.post(2, {6, ANY_TAG})->seq == 1);
  CHECK(q.post(3, {6, ANY_TAG})->seq == 2);
  // A gap filled with receives waiting matches them all, in order.
  q.post(4, {6, ANY_TAG});
  q.post(5, {6, ANY_TAG});
  CHECK(q.arrive(env(6, 1, 4)).empty());
  const auto both = q.arrive(env(6, 1, 3));
  REQUIRE(both.size() == 2);
  CHECK(both[0].receive == 4);
  CHECK(both[0].envelope.seq == 3);
  CHECK(both[1].receive == 5);
  CHECK(both[1].envelope.seq == 4);
  CHECK_THROWS_AS(q.arrive(env(6, 1, 4)), std::logic_error); // a duplicate is a bug upstream
}

TEST_CASE("probe sees the earliest matching unexpected message and leaves it")
{
  MatchingQueues q;
  q.arrive(env(1, 2, 0, 16));
  q.arrive(env(1, 3, 1, 32));
  CHECK(q.probe({1, 3})->bytes == 32);
  CHECK(q.probe({ANY_SOURCE, ANY_TAG})->bytes == 16);
  CHECK_FALSE(q.probe({2, ANY_TAG}).has_value());
  CHECK(q.unexpected() == 2);
  CHECK(q.post(1, {1, 3})->bytes == 32); // probe then receive gets the probed message
}

TEST_CASE("contexts never match each other and have their own sequence numbers")
{
  MatchingQueues q;
  q.post(1, {ANY_SOURCE, ANY_TAG, 1});
  CHECK(q.arrive(env(0, 0, 0, 8, 0)).empty());
  CHECK(q.arrive(env(0, 0, 0, 8, 1)).size() == 1);
}

TEST_CASE("cancel withdraws a waiting receive only")
{
  MatchingQueues q;
  q.post(1, {ANY_SOURCE, 1});
  CHECK(q.cancel(1));
  CHECK_FALSE(q.cancel(1));
  CHECK(q.arrive(env(0, 1, 0)).empty());
}

TEST_CASE("walk counts grow with the queues (the baseline's NIC matching cost)")
{
  MatchingQueues q;
  for (ReceiveId id = 0; id < 32; ++id)
    q.post(id, {ANY_SOURCE, 100}); // 32 receives with a tag nobody sends (003 Table 2's setup)
  q.post(99, {ANY_SOURCE, 1});
  unsigned walked = 0;
  const auto m = q.arrive(env(0, 1, 0), &walked);
  REQUIRE(m.size() == 1);
  CHECK(walked == 33);
  for (std::uint64_t s = 1; s <= 5; ++s)
    q.arrive(env(0, 2, s));
  unsigned examined = 0;
  CHECK(q.post(200, {0, 2}, &examined)->seq == 1);
  CHECK(examined == 1);
  q.post(201, {0, 7}, &examined);
  CHECK(examined == 4); // the 4 left, none matched
}

// 003 Tables 2 and 3: the latency bends once the posted list outgrows the NIC cache. With the calibrated costs
// (34 cycles per entry, 5.3 per miss) an entry past 17 costs a third more than one up to 9; a flat cost per
// entry (no misses) bends nothing.
TEST_CASE("matching walks cost more per entry once the list outgrows the NIC cache (003 Table 3)")
{
  using bcssim::elan3::tports::extra_misses;
  using bcssim::elan3::tports::walk_cycles;
  CHECK(extra_misses(0) == 0);
  CHECK(extra_misses(1) == 0);
  CHECK(extra_misses(17) == doctest::Approx((1008003.0 - 86017.0) / 150e3));
  CHECK(extra_misses(33) == doctest::Approx((6539278.0 - 86017.0) / 150e3));
  CHECK(extra_misses(25) == doctest::Approx((extra_misses(17) + extra_misses(33)) / 2)); // linear between rows
  CHECK(extra_misses(49) - extra_misses(33) == doctest::Approx(extra_misses(33) - extra_misses(17))); // extended
  const auto slope = [](unsigned from, unsigned to) {
    return (walk_cycles(to, 34, 5.3) - walk_cycles(from, 34, 5.3)) / (to - from);
  };
  CHECK(slope(1, 9) == doctest::Approx(34.07).epsilon(0.01));
  CHECK(slope(17, 33) == doctest::Approx(46.2).epsilon(0.01));
  CHECK(walk_cycles(33, 41, 0) == 33 * 41);
}
