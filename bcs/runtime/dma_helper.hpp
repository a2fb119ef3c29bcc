#pragma once
// DH, the DMA Helper of one node (000 §4.3, Fig. 4.5): the chunks its Buffer Receiver scheduled for this slice,
// and what the last point-to-point microphase achieved (the BR sizes the next slice's chunks by it).
#include "bcs/runtime/state.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

/// The BR's schedule for one point-to-point microphase: each transfer with the bytes it moves this slice.
struct PointToPointPlan {
  std::vector<Transfer> transfers;
  std::vector<std::uint64_t> chunks;
  double msm_end = 0; // when the MSM that made it ended
  double deadline = 0; // when it should end: the slice's end less its broadcast and reduce microphases
  bool full = false;   // the BR had more than the capacity (some of it waits for a later slice)
};

class DmaHelper {
public:
  DmaHelper(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  void assign(PointToPointPlan plan) { plan_ = std::move(plan); }
  bool has_work() const { return !plan_.transfers.empty(); }
  /// Transfers scheduled for this slice.
  std::size_t scheduled() const { return plan_.transfers.size(); }
  /// B/s into this node, as the point-to-point microphases that the rate limited achieved (0: none yet). One
  /// that moved everything it had before its deadline only says the rate is at least what it achieved: four
  /// bytes measure the DMA's start-up, not the rate into the node.
  double rate() const { return rate_; }
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

private:
  Context& ctx_;
  unsigned node_;
  PointToPointPlan plan_;
  double rate_ = 0;
  double gap_ = 0;
};

} // namespace bcssim::bcs::runtime
