#pragma once
// SS, the Strobe Sender (000 §4.1-4.2) on the management node's NIC: the machine's heartbeat. It alone writes
// the slice clock.
#include "bcs/core/primitives.hpp"
#include "bcs/runtime/computed_ss.hpp"
#include "bcs/runtime/idle_slices.hpp"

#include <cstdint>
#include <memory>

namespace bcssim::bcs::runtime {

struct Context;

/// Shared by the acted-out and the computed Strobe Sender (computed_ss.hpp): microphase `phase`'s microstrobe from
/// the management node to every node (its landing wakes each node's Strobe Receiver), the Compare-And-Write that
/// polls its end on every node, and the EMDS counts of a failed poll in microphase `m`.
core::XferAndSignal microstrobe(Context& ctx, std::int64_t phase);
core::CompareAndWrite microphase_done(const Context& ctx, std::int64_t phase);
void count_retry(mds::GlobalRecord& g, int m);

class StrobeSender {
public:
  /// What the SS asks of the rest of the machine at each slice boundary.
  class Machine {
  public:
    virtual ~Machine() = default;
    /// Jobs launched and not yet reported terminated (the SS stops at 0).
    virtual int running_jobs() const = 0;
    /// Whether anything can still happen: a descriptor to move, a process to restart or computing, a collective
    /// to schedule, a job to fork or report. Two boundaries in a row without it: a deadlock (the SS stops).
    virtual bool progress_possible() const = 0;
    /// Every live process is suspended by its Node Manager.
    virtual bool all_waiting() const = 0;
    /// While no NIC has anything to do: the earliest instant at which anything may give one work (a process's
    /// computation ends; s). Else, or when not known, a time already past (-1).
    virtual double quiet_until() const = 0;
  };

  /// Slices in a row in which every process waits and no descriptor, restart or collective moves before the SS
  /// gives up (a livelock: something is pending that the protocol cannot move). A guard of the simulator, not a
  /// figure of BCS-MPI: the protocol itself moves a pending message or collective within three slices.
  static constexpr std::int64_t kGiveUpSlices = 1000;

  StrobeSender(Context& ctx, const Machine& machine);
  /// Starts its actor unless it runs already.
  void start();

private:
  void run();
  /// At slice k's strobe: computes slice k and the idle slices after it that end before anything can happen,
  /// emitting their events ahead (idle_slices.hpp). Returns the last slice computed, or nullopt (k is acted out).
  std::optional<IdleSlice> cross_idle_slices(std::int64_t k);
  /// Slice k's five microphases, from the strobe to the reduce microphase's answer, acted out by this actor;
  /// fills `g`'s figures and `tail_start` (the broadcast microstrobe's instant).
  void act_microphases(std::int64_t k, mds::GlobalRecord& g, double& tail_start);

  Context& ctx_;
  const Machine& machine_;
  IdleSlices idle_slices_;
  std::unique_ptr<ComputedSlice> computed_; // the microphases computed (computed_ss.hpp), else null
  bool strobing_ = false;
};

} // namespace bcssim::bcs::runtime
