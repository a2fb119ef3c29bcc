// SimGrid's event precision (platform.qsnet.event_precision, surf/precision): an acted-out wait (an actor's sleep,
// a CPU action with a maximum duration) and a computed timer of the same length end at the same date, even when
// another event falls just before it. At SimGrid's default of 1 ns the sleep is taken at that earlier event's date
// instead; that is what put NAS IS's stage-level and message-level runs 0.73 % apart (docs/model.md, "The event
// precision").
#include "models/qsnet/params.hpp"
#include "models/qsnet/platform.hpp"
#include "sim/config/scenario.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {
constexpr double kWait = 1e-3;     // the wait acted out and computed
constexpr double kBefore = 0.4e-9; // another event this long before its end

struct Ends {
  double slept = 0; // the actor's sleep of kWait
  double timer = 0; // the timer set kWait ahead
};

// From 0.2 us (not a round date): one actor sleeps kWait, a timer is set kWait ahead, and another actor wakes
// kBefore before both.
Ends run_at(const char* precision)
{
  int argc = 2;
  char name[] = "test";
  char log[] = "--log=root.thres:warning";
  char* argv[] = {name, log, nullptr};
  sg4::Engine engine(&argc, argv);
  const auto sc = sim::Scenario::resolve({{"platform", {{"qsnet", {{"event_precision", precision}}}}}}, {});
  const auto spec = sc.spec(qsnet::platform_params());
  qsnet::configure_engine(spec);
  const qsnet::Platform platform(spec);
  Ends ends;
  constexpr double start = 0.2e-6;
  sg4::Actor::create("sleeper", platform.cpu(0), [&ends] {
    sg4::this_actor::sleep_for(start);
    simgrid::kernel::timer::Timer::set(start + kWait, [&ends] { ends.timer = sg4::Engine::get_clock(); });
    sg4::this_actor::sleep_for(kWait);
    ends.slept = sg4::Engine::get_clock();
  });
  sg4::Actor::create("other", platform.cpu(1), [] { sg4::this_actor::sleep_until(start + kWait - kBefore); });
  engine.run();
  return ends;
}
} // namespace

TEST_CASE("platform.qsnet.event_precision 1ps - a sleep ends with the timer of its length, not at an event before")
{
  const Ends e = run_at("1ps");
  CHECK(e.timer == doctest::Approx(0.2e-6 + kWait).epsilon(1e-15));
  CHECK(std::abs(e.slept - e.timer) < 1e-12);
}

TEST_CASE("platform.qsnet.event_precision 1ns - a sleep ends at an event less than 1 ns before its end (the what-if)")
{
  // SimGrid's default: if a SimGrid upgrade makes this fail, its precision no longer merges nearby events; say so
  // in docs/model.md ("The event precision").
  const Ends e = run_at("1ns");
  CHECK(e.timer == doctest::Approx(0.2e-6 + kWait).epsilon(1e-15));
  CHECK(e.slept == doctest::Approx(0.2e-6 + kWait - kBefore).epsilon(1e-15));
}
