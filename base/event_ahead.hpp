#pragma once
// Events computed ahead of the clock (base/event_stream.hpp's stream): an outcome a model computes instead of
// acting it out (bcs/runtime/idle_slices.hpp) is emitted when computed, at the instants acting it out would have
// emitted it, and reaches the sink when the clock gets there: before the first event emitted at a later instant,
// or at drain_events_ahead. So the stream, and the digest, are those of the acted-out run.
#include <cstdint>
#include <string_view>

namespace bcssim::base {

struct EventBlock;

/// Records `what` on behalf of `actor` at the simulated time `at`, which may be later than now. `actor` and `what`
/// must outlive the run (string literals). Calls come in nondecreasing `at`, never earlier than an event already recorded.
void emit_ahead(double at, std::string_view actor, std::string_view what, std::uint64_t bytes = 0);

/// As emit_ahead for every event of `block`, whose instants are all later than the events emitted ahead before it.
void emit_block_ahead(EventBlock block);

/// Records every event emitted ahead up to `until` (the end of the simulation) and drops those after it: what
/// acting them out would have recorded had the run stopped there.
void drain_events_ahead(double until);

} // namespace bcssim::base
