#pragma once
// The canonical event stream (DESIGN §7): every layer reports what happened as (simulated time in integer
// nanoseconds, actor, event, bytes). Models only emit; sim/ installs the sink that hashes the stream into the
// run's digest and, on request, writes it as CSV. Events arrive in SimGrid's scheduling order; the sink puts the
// events of each instant in a canonical order (sim/output/event_log.hpp), so the digest does not depend on which
// of two simultaneous actors SimGrid happened to run first.
#include "base/sim_time.hpp" // to_ns

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

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

/// The events of a computed slice (bcs/runtime/idle_slices.hpp) as a shape that repeats: the same events slice
/// after slice, grouped into the same instants, only the instants (and a number) different. Immutable once made;
/// shared by every block made from it.
struct EventPattern {
  struct Item {
    std::string_view actor; // string literals (lasting)
    std::string_view what;
    std::uint64_t bytes;
    bool numbered;         // its bytes are the block's number
    std::uint32_t instant; // which of the block's instants it is at (nondecreasing; each has an event)
  };
  std::vector<Item> items;
  std::uint32_t instants = 0;
};

/// One slice's events: its pattern at these instants. Every event at one of these instants is in the block (no
/// other emitter shares them), which is what lets a sink record a block without sorting it.
struct EventBlock {
  std::shared_ptr<const EventPattern> pattern;
  std::vector<std::int64_t> instant_ns; // by the pattern's instants, increasing
  std::uint64_t number = 0;
};

class EventSink {
public:
  virtual ~EventSink() = default;
  virtual void record(const Event& event) = 0;
  /// Records instants [from, to) of `block` (by default as record() of each of their events, in the pattern's order).
  virtual void record_block(const EventBlock& block, std::uint32_t from, std::uint32_t to);
  /// Whether the sink reads nothing but the events themselves (not the clock, nor emitting_host()), so that events
  /// may reach it some time after they happened, in time order (base/event_hold.hpp).
  virtual bool takes_events_late() const { return false; }
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
