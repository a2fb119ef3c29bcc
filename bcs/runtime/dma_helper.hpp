#pragma once
// DH, the DMA Helper of one node (000 §4.3, Fig. 4.5): the chunks its Buffer Receiver scheduled for this slice,
// and what the last point-to-point microphase achieved (the BR sizes the next slice's chunks by it).
#include "bcs/runtime/state.hpp"
#include "models/elan3/thread_steps.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

/// The BR's schedule for one point-to-point microphase: each transfer with the bytes it moves this slice.
struct PointToPointPlan {
  std::vector<Transfer> transfers;
  std::vector<std::uint64_t> chunks;
  double msm_end = 0;         // when the MSM that made it ended
  double deadline = 0;        // when it should end: the slice's end less its broadcast and reduce microphases
  std::vector<double> starts; // s after the DH starts when each chunk's bytes can move at the earliest: its
                              // DmaHelper::fixed_seconds, and no earlier than the chunk before it
  bool full = false;          // the BR had more than the capacity (some of it waits for a later slice)
};

class DmaHelper {
public:
  DmaHelper(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  void assign(PointToPointPlan plan) { plan_ = std::move(plan); }
  bool has_work() const { return !plan_.transfers.empty(); }
  /// Transfers scheduled for this slice.
  std::size_t scheduled() const { return plan_.transfers.size(); }
  /// B/s into this node once its chunks' fixed costs are paid (0: none yet), as the point-to-point microphases
  /// that the rate limited achieved. Chunk k's bytes and those after it cannot move before starts[k], and they
  /// share one rate, so a microphase of `took` s moved them at no less than the largest (bytes of chunks k..) /
  /// (took - starts[k]): the rate learnt. A short chunk thus measures the same rate as a long one; bytes / took
  /// made a one-byte chunk "measure" 1 B per DMA start-up and sized the next chunk by it (issue 67). A
  /// microphase that moved everything it had before its deadline only says the rate is at least bytes / took (a
  /// lower bound whatever the fixed part), and can only raise it.
  double rate() const { return rate_; }
  /// s before the `index`-th chunk of a plan (0: the first) from node `from` starts moving its bytes, when
  /// nothing else loads its route: the DMA descriptors the DH issues one after another up to this one's, then,
  /// from another node, the get's request to the sender, the sender's DMA start-up and the route's latency
  /// (from this node, the copy's NIC-to-host latency; a chunk of no bytes: its descriptor only). What a chunk
  /// takes whatever its size: the Buffer Receiver keeps it out of the time it fills with bytes.
  double fixed_seconds(unsigned from, std::size_t index, bool moves_bytes) const;
  /// s from the end of the last MSM to the start of its point-to-point microphase (0: not known yet).
  double gap() const { return gap_; }
  /// Until a point-to-point microphase is measured, the BR's estimate of the gap stands for it.
  void estimate_gap(double seconds)
  {
    if (gap_ == 0)
      gap_ = seconds;
  }
  /// The DH's thread (an actor on the node's NIC).
  void run();
  /// One point-to-point microphase's work, on the calling NIC thread: the DH's own under `stages`, the Strobe
  /// Receiver's when the message-level tier folds the DH into it (then each chunk's get is DmaEngine::get_folded).
  void move_plan();
  /// The same under the message-level tier without an actor (computed_sr.hpp): each chunk's descriptor on
  /// `steps`, its get on a pooled DMA actor, `then` once the last has landed, with "bcs.p2p" emitted as the
  /// Strobe Receiver's.
  void move_plan(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then);

private:
  class ComputedPlan;
  /// Takes the plan the BR assigned for this microphase, which starts now.
  PointToPointPlan take_plan();
  /// Chunk `i` of `plan`, its descriptor paid: its get starts on a pooled DMA actor; `landed()` when it is in.
  void start_chunk(const PointToPointPlan& plan, std::size_t i, std::function<void()> landed);
  /// Once every chunk of `plan`, started at `started`, has landed: the rate learnt, the transfers completed or
  /// requeued; returns the bytes moved (the caller emits "bcs.p2p").
  std::uint64_t moved(const PointToPointPlan& plan, double started);

  Context& ctx_;
  unsigned node_;
  PointToPointPlan plan_;
  double rate_ = 0;
  double gap_ = 0;
  mutable std::vector<double> route_fixed_; // fixed_seconds less the descriptors, by sending node (-1: not yet)
};

} // namespace bcssim::bcs::runtime
