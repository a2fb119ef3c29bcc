// bcs/runtime/slice_steps.*: the event loop a computed slice runs on serves one instant's arrivals on a NIC core
// as models/elan3/thread_processor.cpp does (by thread name, an occupation after the thread's own operations,
// each ending at max(free, now) + its seconds), and refuses what the acted-out run could order either way.
#include "bcs/runtime/slice_steps.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using bcssim::bcs::runtime::Instant;
using bcssim::bcs::runtime::SliceSteps;

namespace {
Instant at(double v) { return Instant::constant(v); }
std::vector<Instant> cores(std::initializer_list<double> free)
{
  std::vector<Instant> out;
  for (double f : free)
    out.push_back(at(f));
  return out;
}
} // namespace

TEST_CASE("slice steps: one instant's arrivals on a core are served by thread name, occupations last")
{
  SliceSteps steps(cores({0.5, 0.0}));
  std::vector<std::string> served;
  const int c = steps.cause();
  // A continuation captures only trivially copyable values (base/inline_function.hpp): the name as a pointer.
  const auto note = [&served](const char* what) {
    return [&served, what](Instant end) { served.push_back(std::string(what) + "@" + std::to_string(end.value())); };
  };
  steps.step(at(1.0), c, 0, [&](Instant t, int cause) {
    steps.arrive(0, t, cause, SliceSteps::ss, SliceSteps::kRun, 0.25, {}, note("ss"));
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kOccupy, 0.5, {}, note("sr-occupy"));
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kRun, 0.125, {}, note("sr"));
    steps.arrive(0, t, cause, SliceSteps::br, SliceSteps::kRun, 1.0, {}, note("br"));
  });
  REQUIRE(steps.run());
  // The core was free at 0.5, before the instant: br 1 -> 2, sr 2 -> 2.125, its occupation -> 2.625, ss -> 2.875.
  CHECK(served == std::vector<std::string>{"br@" + std::to_string(2.0), "sr@" + std::to_string(2.125),
                                           "sr-occupy@" + std::to_string(2.625), "ss@" + std::to_string(2.875)});
  CHECK(steps.core_free()[0].value() == 2.875);
  CHECK(steps.core_free()[1].value() == 0.0);
  CHECK(steps.last().value() == 2.875);
}

TEST_CASE("slice steps: an operation's end runs its continuation, which queues behind the core's work")
{
  SliceSteps steps(cores({0.0}));
  double second_end = -1;
  steps.arrive(0, at(1.0), steps.cause(), SliceSteps::sr, SliceSteps::kRun, 0.5, [&](Instant t, int cause) {
    CHECK(t.value() == 1.5);
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kRun, 0.25, {},
                 [&](Instant end) { second_end = end.value(); });
  });
  REQUIRE(steps.run());
  CHECK(second_end == 1.75);
}

TEST_CASE("slice steps: two arrivals on one core at one instant from different causes are refused")
{
  SliceSteps steps(cores({0.0}));
  steps.arrive(0, at(1.0), steps.cause(), SliceSteps::sr, SliceSteps::kRun, 0.5, {});
  steps.arrive(0, at(1.0), steps.cause(), SliceSteps::ss, SliceSteps::kRun, 0.5, {});
  CHECK_FALSE(steps.run());
}

TEST_CASE("slice steps: steps of different nodes may share an instant; of one node, or of every node, may not")
{
  {
    SliceSteps steps(cores({0.0, 0.0}));
    steps.step(at(1.0), steps.cause(), 0, {});
    steps.step(at(1.0), steps.cause(), 1, {});
    CHECK(steps.run());
  }
  {
    SliceSteps steps(cores({0.0, 0.0}));
    steps.step(at(1.0), steps.cause(), 1, {});
    steps.step(at(1.0), steps.cause(), 1, {});
    CHECK_FALSE(steps.run());
  }
  {
    SliceSteps steps(cores({0.0, 0.0}));
    steps.step(at(1.0), steps.cause(), 0, {});
    steps.step(at(1.0), steps.cause(), SliceSteps::kEveryNode, {});
    CHECK_FALSE(steps.run());
  }
}

TEST_CASE("slice steps: something made before the instant being run is refused")
{
  SliceSteps steps(cores({0.0}));
  steps.step(at(2.0), steps.cause(), 0, [&](Instant, int cause) { steps.step(at(1.0), cause, 0, {}); });
  CHECK_FALSE(steps.run());
}
