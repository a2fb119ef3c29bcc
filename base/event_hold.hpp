#pragma once
// Events held back while a model works out its recent past (bcs/runtime/lazy_polls.hpp: the Strobe Sender's
// failing polls, known to have failed only once the microphase ends or another operation needs their core). While
// the stream is held, every event recorded is kept in a buffer, and the model adds its own past events with
// emit_held(); release_events_before(t) records the buffered events earlier than t in time order. The sink puts the
// events of one instant in its canonical order anyway, so the stream, and the digest, are the acted-out run's.
// Only for a sink that takes events late (EventSink::takes_events_late): the run's event log.
#include <cstdint>
#include <functional>
#include <string_view>

namespace bcssim::base {

/// Whether the installed sink can be held (a sink is installed and takes events late).
bool events_can_be_held();

/// Holds the stream from now on. `catch_up(until)` is called by drain_events_ahead(until), before it records
/// what remains, so that the holder emits what it has not worked out yet up to the run's end. One hold at a time.
void hold_events(std::function<void(double until)> catch_up);

/// Whether the stream is held.
bool events_held();

/// Records `what` of `actor` at `at`, which may be earlier than now but not earlier than the hold's start (nor than
/// anything released). Held only (else nothing is recorded).
void emit_held(double at, std::string_view actor, std::string_view what, std::uint64_t bytes = 0);

/// Records the held events earlier than `at` (none of the holder's events to come will be): the buffer stays small.
void release_events_before(double at);

/// Records every held event and ends the hold.
void release_events();

} // namespace bcssim::base
