// base::ActorPool: NIC-side tasks run in reused actors, start at the instant they are given, keep the simulation
// alive like an actor of their own, and report events under the task's name.
#include "base/actor_pool.hpp"
#include "base/event_stream.hpp"
#include "sim/machine/world.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace bcssim;
using test::now;
namespace sg4 = simgrid::s4u;

namespace {

struct NameSink : base::EventSink {
  std::vector<std::string> events; // "actor: what"
  void record(const base::Event& e) override { events.push_back(std::string(e.actor) + ": " + std::string(e.what)); }
};
} // namespace

TEST_CASE("actor pool - an idle actor is reused and a busy pool grows")
{
  sim::World w(test::plain_scenario());
  base::ActorPool pool(w.platform().nic(0), "worker");
  std::vector<double> started(4, -1), ended(4, -1);
  auto task = [&](int i, double seconds) {
    return [&, i, seconds] {
      started[i] = now();
      sg4::this_actor::sleep_for(seconds);
      ended[i] = now();
    };
  };
  std::size_t size_after_two = 0;
  sg4::Actor::create("driver", w.platform().nic(0), [&] {
    pool.start("a", task(0, 1e-6));
    pool.start("b", task(1, 2e-6)); // a is busy: a second actor
    size_after_two = pool.size();
    sg4::this_actor::sleep_for(5e-6);
    pool.start("c", task(2, 1e-6)); // both idle again: no third actor
    pool.start("d", task(3, 1e-6)); // the other idle one
  });
  w.engine().run();
  CHECK(size_after_two == 2);
  CHECK(pool.size() == 2);
  CHECK(started[0] == 0);
  CHECK(started[1] == 0);
  CHECK(started[2] == doctest::Approx(5e-6).scale(0));
  CHECK(started[3] == doctest::Approx(5e-6).scale(0));
  CHECK(ended[0] == doctest::Approx(1e-6).scale(0));
  CHECK(ended[1] == doctest::Approx(2e-6).scale(0));
  CHECK(ended[2] == doctest::Approx(6e-6).scale(0));
  CHECK(ended[3] == doctest::Approx(6e-6).scale(0));
}

TEST_CASE("actor pool - a task outlives the actor that started it")
{
  // Pool actors are daemons; the simulation must still run until the task is done, as a NIC finishes its DMAs
  // after the process that posted them has exited.
  sim::World w(test::plain_scenario());
  base::ActorPool pool(w.platform().nic(3), "worker");
  bool done = false;
  sg4::Actor::create("driver", w.platform().cpu(3), [&] {
    pool.start("dma", [&] {
      sg4::this_actor::sleep_for(10e-6);
      done = true;
    });
  }); // exits at once
  w.engine().run();
  CHECK(done);
  CHECK(now() == doctest::Approx(10e-6).scale(0));
  CHECK_FALSE(w.deadlocked());
}

TEST_CASE("actor pool - events carry the task name and an idle actor is not a deadlock")
{
  NameSink sink;
  base::set_event_sink(&sink);
  sim::World w(test::plain_scenario());
  base::ActorPool pool(w.platform().nic(1), "worker");
  sg4::Actor::create("driver", w.platform().nic(1), [&] {
    pool.start("tports.deliver", [] { base::emit("first"); });
    sg4::this_actor::sleep_for(1e-6);
    pool.start("dma", [] { base::emit("second"); }); // the same actor, another name
    base::emit("driver");
  });
  w.engine().run();
  base::set_event_sink(nullptr);
  CHECK(pool.size() == 1);
  std::sort(sink.events.begin(), sink.events.end());
  CHECK(sink.events == std::vector<std::string>{"dma: second", "driver: driver", "tports.deliver: first"});
  CHECK_FALSE(w.deadlocked()); // the pool's actor waits for work forever, as a daemon
}
