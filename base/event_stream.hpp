#pragma once
// The canonical event stream (DESIGN §7): every layer reports what happened as (simulated time in integer
// nanoseconds, actor, event, bytes). Models only emit; sim/ installs the sink that hashes the stream into the
// run's digest and, on request, writes it as CSV. Events arrive in SimGrid's scheduling order; the sink puts the
// events of each instant in a canonical order (sim/output/event_log.hpp), so the digest does not depend on which
// of two simultaneous actors SimGrid happened to run first.
#include "base/sim_time.hpp" // to_ns

#include <cstdint>
#include <string_view>

namespace simgrid::s4u {
class Host;
}

namespace bcssim::base {

struct Event {
  std::int64_t time_ns;
  std::string_view actor;
  std::string_view what;
  std::uint64_t bytes;
  bool lasting = false; // actor and what outlive the run (string literals): a sink may keep the views, not copies
};

class EventSink {
public:
  virtual ~EventSink() = default;
  virtual void record(const Event& event) = 0;
};

/// Installs the sink that receives every event (nullptr: events are dropped). Not owned.
void set_event_sink(EventSink* sink);

/// Records `what` at the current simulated time on behalf of the calling actor ("maestro" outside actors). Past
/// the limit of simulated time (base/sim_time.hpp) nothing is recorded: that run is refused as a whole.
void emit(std::string_view what, std::uint64_t bytes = 0);

/// As emit, on behalf of `actor` on `host`: a thread whose steps a model computes without running its actor
/// (bcs/runtime/computed_sr.hpp) emits what that actor would have. `actor`: a string literal.
void emit_as(simgrid::s4u::Host& host, std::string_view actor, std::string_view what, std::uint64_t bytes = 0);

/// For a sink, while it records an event: the host it was emitted on (emit_as's, else the calling actor's; null
/// from outside any actor).
simgrid::s4u::Host* emitting_host();

} // namespace bcssim::base
