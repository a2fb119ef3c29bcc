// bcs/runtime/slice_steps.*: the event loop a computed slice runs on serves one instant's arrivals on a NIC core
// as models/elan3/thread_processor.cpp does (by thread name, an occupation after the thread's own operations,
// each ending at max(free, now) + its seconds), and refuses what the acted-out run could order either way.
#include "bcs/runtime/slice_steps.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using bcssim::bcs::runtime::SliceSteps;

TEST_CASE("slice steps: one instant's arrivals on a core are served by thread name, occupations last")
{
  SliceSteps steps({0.5, 0.0});
  std::vector<std::string> served;
  const int c = steps.cause();
  // A continuation captures only trivially copyable values (base/inline_function.hpp): the name as a pointer.
  const auto note = [&served](const char* what) { return [&served, what](double end) {
    served.push_back(std::string(what) + "@" + std::to_string(end));
  }; };
  steps.step(1.0, c, 0, [&](double t, int cause) {
    steps.arrive(0, t, cause, SliceSteps::ss, SliceSteps::kRun, 0.25, {}, note("ss"));
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kOccupy, 0.5, {}, note("sr-occupy"));
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kRun, 0.125, {}, note("sr"));
    steps.arrive(0, t, cause, SliceSteps::br, SliceSteps::kRun, 1.0, {}, note("br"));
  });
  REQUIRE(steps.run());
  // The core was free at 0.5, before the instant: br 1 -> 2, sr 2 -> 2.125, its occupation -> 2.625, ss -> 2.875.
  CHECK(served == std::vector<std::string>{"br@" + std::to_string(2.0), "sr@" + std::to_string(2.125),
                                           "sr-occupy@" + std::to_string(2.625), "ss@" + std::to_string(2.875)});
  CHECK(steps.core_free()[0] == 2.875);
  CHECK(steps.core_free()[1] == 0.0);
  CHECK(steps.last() == 2.875);
}

TEST_CASE("slice steps: an operation's end runs its continuation, which queues behind the core's work")
{
  SliceSteps steps({0.0});
  double second_end = -1;
  steps.arrive(0, 1.0, steps.cause(), SliceSteps::sr, SliceSteps::kRun, 0.5, [&](double t, int cause) {
    CHECK(t == 1.5);
    steps.arrive(0, t, cause, SliceSteps::sr, SliceSteps::kRun, 0.25, {}, [&](double end) { second_end = end; });
  });
  REQUIRE(steps.run());
  CHECK(second_end == 1.75);
}

TEST_CASE("slice steps: two arrivals on one core at one instant from different causes are refused")
{
  SliceSteps steps({0.0});
  steps.arrive(0, 1.0, steps.cause(), SliceSteps::sr, SliceSteps::kRun, 0.5, {});
  steps.arrive(0, 1.0, steps.cause(), SliceSteps::ss, SliceSteps::kRun, 0.5, {});
  CHECK_FALSE(steps.run());
}

TEST_CASE("slice steps: steps of different nodes may share an instant; of one node, or of every node, may not")
{
  {
    SliceSteps steps({0.0, 0.0});
    steps.step(1.0, steps.cause(), 0, {});
    steps.step(1.0, steps.cause(), 1, {});
    CHECK(steps.run());
  }
  {
    SliceSteps steps({0.0, 0.0});
    steps.step(1.0, steps.cause(), 1, {});
    steps.step(1.0, steps.cause(), 1, {});
    CHECK_FALSE(steps.run());
  }
  {
    SliceSteps steps({0.0, 0.0});
    steps.step(1.0, steps.cause(), 0, {});
    steps.step(1.0, steps.cause(), SliceSteps::kEveryNode, {});
    CHECK_FALSE(steps.run());
  }
}

TEST_CASE("slice steps: something made before the instant being run is refused")
{
  SliceSteps steps({0.0});
  steps.step(2.0, steps.cause(), 0, [&](double, int cause) { steps.step(1.0, cause, 0, {}); });
  CHECK_FALSE(steps.run());
}
