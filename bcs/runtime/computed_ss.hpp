#pragma once
// The message-level tier's Strobe Sender computed within a slice (issue 65 goal 2, the slice solver's second
// part). From the strobe to the reduce microphase's answer the SS does nothing but operations of its NIC's core
// (each microstrobe's descriptor, each Compare-And-Write's), waits (the comparison, the query's ways, the back-off)
// and multicasts (pooled DMA actors); here those run as continuations (models/elan3/thread_steps.hpp) exactly where
// its actor would have run them, the actor blocked once per slice instead of at each of the ~26 polls of a busy
// slice. The slice's boundary (the watchdogs, idle slices crossed, the clock) stays on the actor
// (strobe_sender.cpp). Applies where the Strobe Receivers are computed (computed_sr.hpp) and the hardware
// multicast never fails (a resent multicast is counted and logged from its actor).
#include "bcs/mds/emds.hpp"
#include "bcs/runtime/lazy_polls.hpp"
#include "models/elan3/thread_steps.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <memory>

namespace bcssim::bcs::runtime {

struct Context;

class ComputedSlice {
public:
  explicit ComputedSlice(Context& ctx) : ctx_(ctx), lazy_(ctx) {}
  /// Whether this run computes the SS's microphases.
  static bool applies(Context& ctx);

  /// Slice `k`'s five microphases from now, on the calling actor (the SS's), which returns at the reduce
  /// microphase's answer as the acted-out loop does; `g` and `tail_start` as that loop fills them.
  void run(std::int64_t k, mds::GlobalRecord& g, double& tail_start);

private:
  void microphase(int m);
  void poll(int m);
  void polls_from(int m, double issue); // microphase m's polls, the next issued at `issue` (now or after a back-off)
  void failed(int m);                   // a poll found microphase m unfinished
  void ended(int m);                    // one found it finished

  Context& ctx_;
  LazyPolls lazy_;
  std::unique_ptr<elan3::ThreadSteps> steps_; // the SS actor's, made at its first slice
  long steps_pid_ = -1;
  simgrid::s4u::SemaphorePtr done_;
  std::int64_t slice_ = 0;
  mds::GlobalRecord* g_ = nullptr;
  double* tail_start_ = nullptr;
  double strobed_at_ = 0;
  double msm_strobe_ = 0;
};

} // namespace bcssim::bcs::runtime
