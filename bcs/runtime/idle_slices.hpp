#pragma once
// Idle slices computed, not acted out (issue 65 goal 1). In a slice in which no NIC has anything to do (no
// descriptor, transfer, collective, restart or termination anywhere, every process computing, sleeping or
// blocked) the protocol still runs: the Strobe Sender multicasts five microstrobes and polls each microphase's
// end with Compare-And-Write, the management node's Strobe Receiver (on the SS's own NIC) reports each microphase
// done, and every other node's done word is written two event operations after each landing (strobe_receiver.cpp).
// Nothing in such a slice depends on anything but the machine's constants and the slice's start, and nothing in
// it can be contended for: each of its steps is a sleep, a timer or an operation of the management NIC's
// one-at-a-time core. So its outcome is computed here, with the same floating-point sums the acted-out steps make
// (a sleep ends at start + duration, the core frees at max(free, now) + cycles / speed), and its events are
// emitted ahead (base::emit_ahead). The Strobe Sender then crosses a run of such slices with one sleep.
//
// A slice in which a collective waits (some ranks posted it, others compute) is computed too: the only work in
// it is each waiting node's MSM (its Strobe Receiver wakes the Buffer Receiver, which finds nothing to match or
// move, and, on the master whose own flag is up, queries the job's flags with Compare-And-Write and finds them
// not all up), none of which depends on anything the slice changes. Each thread's steps and the operations they
// put on their NIC's core run in a small event loop (slice_steps.hpp) in the order the acted-out run takes them.
//
// Where the computation would need an order it cannot know (two things at one instant, neither causing the
// other), it declines and the slice is acted out. tests/e2e/test_cli_idle_slices.cpp checks runs with and
// without it give the same digest and times.
//
// A slice computed by the event loop is taped (slice_tape.hpp): the next slice with the same quiet nodes replays
// the tape's operations on its own strobe and core instants instead of running the loop, exact while every taped
// comparison comes out the same (else the loop computes it, and tapes it anew).
#include "bcs/runtime/slice_tape.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;
class TapedSlices;

/// One event of a computed slice, as the acted-out slice emits it.
struct ComputedEvent {
  Instant at;
  std::string_view actor;
  std::string_view what;
  std::uint64_t bytes;
  std::uint32_t times = 1;   // emitted this many times (once per node of a QuietNode)
  bool slice_number = false; // bytes is the slice's number (a replayed tape's event takes its own slice's)
};

/// What an idle slice did, as acting it out would have done it.
struct IdleSlice {
  std::int64_t slice = 0;
  std::uint64_t tape = 0;            // the tape it was computed on or replayed from (taped_slices.hpp)
  Instant strobe;                    // s: its strobe (nominal start)
  Instant end;                       // s: the reduce microphase's query answered ("bcs.slice.done")
  Instant tail;                      // s: what SliceClock::tail becomes
  Instant last;                      // s: the last thing the slice does anywhere (core, timers, queries)
  Instant idle_dem_end;              // s: the DEM's end on every node but the management node
  Instant management_dem_end;        // s: the DEM's end on the management node
  std::vector<ComputedEvent> events; // in time order
  std::vector<Instant> core_free;    // s: when each QuietNodes::nodes' NIC core is free again
  std::vector<std::pair<std::size_t, Instant>> gaps; // (QuietNodes::nodes index, its BR's wake less its DEM's
                                                     // end): DmaHelper::estimate_gap on each of its nodes
};

/// The nodes whose NIC threads a computed slice runs, taken at the first strobe of a run of computed slices: the
/// management node first (its Strobe Receiver shares the Strobe Sender's core), then the nodes whose MSM a
/// waiting collective keeps busy: a master that queries alone, the others together (they do the same at the same
/// instants: one computes for all, its events emitted once per node).
struct QuietNode {
  std::vector<unsigned> nodes; // one, or the waiting nodes that do not query
  bool msm = false;            // its BR runs in the MSM (a collective waits)
  bool queries = false;        // ... and queries the job's flags (CollectiveTable::Waiting)
  std::int64_t seq = 0;        // the collective's number
  double way = 0;              // s: that query's one way
  bool operator==(const QuietNode& o) const
  {
    return nodes == o.nodes && msm == o.msm && queries == o.queries && seq == o.seq && way == o.way;
  }
};
struct QuietNodes {
  std::vector<QuietNode> nodes;
  bool operator==(const QuietNodes& o) const { return nodes == o.nodes; }
};

class IdleSlices {
public:
  explicit IdleSlices(Context& ctx);
  ~IdleSlices();

  /// Whether this run computes idle slices: asked for (RuntimeSpec::idle_slices) and on a machine the
  /// computation covers (QsNet's hardware primitives, a constant-speed one-at-a-time NIC core, no EMDS, no trace).
  bool enabled() const { return enabled_; }
  /// The nodes the next computed slices involve, or nullopt when a pending collective could change their course.
  std::optional<QuietNodes> quiet_nodes() const;
  /// Slice `k` with nothing to do but `quiet`'s, their NIC cores free from `core_free` (by quiet.nodes), into
  /// `out` (its memory reused); false when two of its steps fall at one instant (then it is acted out).
  bool compute(std::int64_t k, const QuietNodes& quiet, const std::vector<double>& core_free, IdleSlice& out);
  /// Emits `s`'s events ahead and tells each waiting node's DMA Helper its gap, as acting it out would.
  void apply(const IdleSlice& s, const QuietNodes& quiet);
  /// After the last slice of a run of computed slices, `s`: leaves the NICs' memory and the Strobe Receivers as
  /// acting the run out would (each slice overwrites what the one before left).
  void leave(const IdleSlice& s);

  /// How many slices were computed by the event loop (and taped), and replayed from a tape.
  std::uint64_t taped() const;
  std::uint64_t replayed() const;

private:
  Context& ctx_;
  bool enabled_ = false;
  // The machine's constants, each as the acted-out step computes it (see compute()).
  double descriptor_ = 0; // s: the SS's DMA descriptor on the management NIC's core
  double event_ = 0;      // s: one event operation on that core
  double idle_done_ = 0;  // s: from a landing to an idle node's done word (IdleStrobes)
  double startup_ = 0;    // s: the DMA engine's start-up
  double latency_ = 0;    // s: the microstrobe's flight over the whole machine
  double compare_ = 0;    // s: each NIC's comparison in a Compare-And-Write
  double way_ = 0;        // s: the global query's one way
  double backoff_ = 0;    // s: the SS's wait before it polls again
  friend class SliceRun;

  std::unique_ptr<TapedSlices> taped_;
  std::vector<double> inputs_;   // kept: compute() reuses its memory
  std::int64_t emitted_ns_ = -1; // the last instant of the events emitted so far
};

} // namespace bcssim::bcs::runtime
