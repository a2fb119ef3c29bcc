// base/event_hold.hpp: while the stream is held, events reach the sink in time order however late the holder adds
// its past ones, the same digest as recording them in order; drain_events_ahead lets the holder catch up to the
// run's end and drops what is later; a sink that reads the clock is never held.
#include "base/event_ahead.hpp"
#include "base/event_hold.hpp"
#include "base/event_stream.hpp"
#include "sim/output/event_log.hpp"

#include <doctest/doctest.h>

#include <string>

using bcssim::base::Event;
using bcssim::sim::EventLog;
namespace base = bcssim::base;

namespace {
// A sink that reads the clock (as the tests' sinks that ask emitting_host() do): it must never be held.
struct LiveSink : base::EventSink {
  void record(const Event&) override {}
};
} // namespace

TEST_CASE("a held stream reaches the sink in time order, as recorded in order")
{
  EventLog in_order(true);
  for (const auto& [ns, what] : {std::pair<std::int64_t, const char*>{100, "a"},
                                 {150, "past"},
                                 {200, "b"},
                                 {200, "c"},
                                 {250, "past"},
                                 {300, "d"}})
    in_order.record(Event{ns, "x", what, 0, true});

  EventLog held(true);
  base::set_event_sink(&held);
  REQUIRE(base::events_can_be_held());
  double caught_up_to = -1;
  base::hold_events([&caught_up_to](double until) {
    caught_up_to = until;
    base::emit_held(250e-9, "x", "past");
  });
  CHECK(base::events_held());
  // What happens (here: events computed ahead, which reach the held sink as the clock passes them) and the holder's
  // past, each in time order, interleaved only at the release.
  base::emit_ahead(100e-9, "x", "a");
  base::emit_ahead(200e-9, "x", "c");
  base::emit_ahead(200e-9, "x", "b");
  base::emit_ahead(300e-9, "x", "d");
  base::emit_held(150e-9, "x", "past");
  base::drain_events_ahead(300e-9); // the holder catches up (250 ns), then everything up to 300 ns in time order
  CHECK(caught_up_to == doctest::Approx(300e-9));
  CHECK_FALSE(base::events_held());
  CHECK(held.digest() == in_order.digest());
  CHECK(held.csv() == in_order.csv());
  base::set_event_sink(nullptr);
}

TEST_CASE("the run's end drops the held events after it")
{
  EventLog in_order(false);
  in_order.record(Event{100, "x", "a", 0, true});
  EventLog held(false);
  base::set_event_sink(&held);
  base::hold_events([](double) { base::emit_held(500e-9, "x", "too late"); });
  base::emit_held(100e-9, "x", "a");
  base::drain_events_ahead(400e-9);
  CHECK(held.digest() == in_order.digest());
  CHECK(held.count() == 1);
  base::set_event_sink(nullptr);
}

TEST_CASE("a sink that takes events only as they happen is not held")
{
  LiveSink live;
  base::set_event_sink(&live);
  CHECK_FALSE(base::events_can_be_held());
  CHECK_THROWS(base::hold_events([](double) {}));
  base::set_event_sink(nullptr);
  CHECK_FALSE(base::events_can_be_held());
}
