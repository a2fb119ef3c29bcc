// base::SimTimeGuard: a simulation whose clock passes the limit of simulated time (base/sim_time.hpp) stops there,
// no actor runs past it and no event past it reaches the stream, so a time never wraps into a wrong result.
#include "base/event_stream.hpp"
#include "base/sim_time.hpp"
#include "sim/machine/world.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {
struct TimeSink : base::EventSink {
  std::vector<std::int64_t> times;
  void record(const base::Event& e) override { times.push_back(e.time_ns); }
};
} // namespace

TEST_CASE("the simulation stops at the limit of simulated time: nothing runs or is recorded past it")
{
  sim::World w(test::plain_scenario());
  TimeSink sink;
  base::set_event_sink(&sink);
  bool ran_past = false;
  sg4::Actor::create("long", w.platform().cpu(0), [&] {
    sg4::this_actor::sleep_for(1);
    base::emit("before");
    sg4::this_actor::sleep_for(base::kMaxSimulatedSeconds); // ends past the limit
    ran_past = true;
    base::emit("after");
  });
  sg4::Actor::create("heartbeat", w.platform().cpu(1), [&] { // would go on for ever
    for (;;) {
      sg4::this_actor::sleep_for(1e8);
      base::emit("beat");
    }
  });
  const base::SimTimeGuard guard;
  w.engine().run();
  base::set_event_sink(nullptr);
  CHECK(guard.passed());
  CHECK(guard.passed_at() == base::kMaxSimulatedSeconds + 1); // the long actor's wake-up, the first past it
  CHECK_FALSE(ran_past);
  REQUIRE_FALSE(sink.times.empty());
  for (std::int64_t t : sink.times)
    CHECK(t <= std::int64_t(base::kMaxSimulatedSeconds * 1e9));
  CHECK(sink.times.size() == 1 + 40); // "before" at 1 s and the beats at 1e8 s ... 4e9 s
  CHECK_THROWS_AS(base::to_ns(sg4::Engine::get_clock()), base::SimTimeLimitError);
}

TEST_CASE("a simulation within the limit of simulated time ends as it would without the guard")
{
  sim::World w(test::plain_scenario());
  sg4::Actor::create("short", w.platform().cpu(0), [] { sg4::this_actor::sleep_for(3e9); });
  const base::SimTimeGuard guard;
  w.engine().run();
  CHECK_FALSE(guard.passed());
  CHECK(sg4::Engine::get_clock() == 3e9);
  CHECK(base::to_ns(sg4::Engine::get_clock()) == 3'000'000'000'000'000'000);
}
