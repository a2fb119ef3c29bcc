// SR, the Strobe Receiver (000 §4.1-4.2), on every node's NIC: on each microstrobe it wakes the local thread of
// the new microphase; the slice strobe (the DEM's) first lets the Node Manager restart processes. A thread with
// nothing to do in its microphase would only report it done, so the SR reports it itself.
//
// An idle node (no work in the microphase, nothing for its NM, no EMDS record, not the management node whose NIC
// the SS shares) would spend exactly two event operations of its otherwise unused thread processor between the strobe
// landing and its done word: test the strobe event, write the word. That outcome is computed instead of
// simulated: the word is written by one kernel timer for all idle nodes at landing + 2 events, the instant the
// SR thread would have written it. Idle slices then cost a handful of activities instead of two NIC executions
// and two context switches per node per microphase (bench/README.md).
#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>

namespace bcssim::bcs::runtime {

bool Runtime::has_work(unsigned node, Microphase m)
{
  const NodeState& s = state_[node];
  switch (m) {
    case Microphase::dem:
      for (const DescriptorPtr& d : s.new_sends)
        if (d->posted_slice < slice_)
          return true;
      return false;
    case Microphase::msm: {
      if (!s.new_recvs.empty() || !s.arrived_sends.empty() || !s.backlog.empty())
        return true;
      for (const auto& [job, pending] : s.collectives)
        if (!pending.empty())
          return true; // the BR may be the master of one
      return false;
    }
    case Microphase::p2p:
      return !s.scheduled.empty();
    case Microphase::bbm:
      return !scheduled_collectives(node, false).empty();
    case Microphase::reduce:
      return !scheduled_collectives(node, true).empty();
  }
  return true;
}

void Runtime::land_strobe(unsigned node, std::int64_t phase)
{
  auto& memory = core_.machine().memory;
  memory.word(node, phase_word_) = phase;
  const auto m = Microphase((phase - 1) % kMicrophases);
  if (emds_.watches(node))
    emds_landing(node, m);
  bool nm_due = false; // at the slice strobe: a restart or a job's termination for the Node Manager
  if (m == Microphase::dem) {
    for (const Suspended& s : state_[node].suspended)
      nm_due = nm_due || s.ready();
    nm_due = nm_due || termination_due(node);
  }
  // A recording SR is never idle: its EMDS figures come from its own run through the microphases.
  if (node == spec_.management_node || nm_due || emds_active(node) || has_work(node, m)) {
    memory.event(node, strobe_event_).set();
    return;
  }
  if (m == Microphase::dem)
    raise_collective_flags(node);
  const double now = simgrid::s4u::Engine::get_clock();
  if (!idle_batch_ || idle_batch_->landed != now || idle_batch_->phase != phase) {
    // A new instant (the software tree lands the strobe node by node): a timer of its own.
    idle_batch_ = std::make_shared<IdleBatch>(IdleBatch{now, phase, {}});
    const double done = now + 2 * core_.machine().costs.event / core_.machine().platform.spec().node.nic_clock;
    simgrid::kernel::timer::Timer::set(done, [this, batch = idle_batch_, done] {
      for (unsigned idle : batch->nodes) {
        if (Microphase((batch->phase - 1) % kMicrophases) == Microphase::dem)
          state_[idle].dem_end = done;
        core_.machine().memory.word(idle, done_word_) = batch->phase;
      }
    });
  }
  idle_batch_->nodes.push_back(node);
}

void Runtime::strobe_receiver(unsigned node)
{
  auto& memory = core_.machine().memory;
  for (;;) {
    core_.test_event(node, strobe_event_, true);
    elan3::run_cycles(core_.machine().costs.event);
    const std::int64_t phase = memory.word(node, phase_word_);
    const auto m = Microphase((phase - 1) % kMicrophases);
    if (m == Microphase::dem) {
      node_manager(node);
      const std::uint64_t raised = raise_collective_flags(node);
      if (emds_active(node)) { // the record of the last slice, written at the landing, costs the SR its update
        state_[node].emds.ncolldem = raised;
        state_[node].emds.bpts = state_[node].suspended.size();
        elan3::run_cycles(spec_.emds.update_cycles);
      }
    }
    if (!has_work(node, m)) {
      finish_microphase(node, phase);
      continue;
    }
    const elan3::EventId wake = m == Microphase::dem   ? dem_event_
                                : m == Microphase::msm ? msm_event_
                                : m == Microphase::p2p ? p2p_event_
                                : m == Microphase::bbm ? bbm_event_
                                                       : reduce_event_;
    base::emit("bcs.sr.wake", std::uint64_t(m));
    if (base::trace::enabled())
      state_[node].woke_at = simgrid::s4u::Engine::get_clock();
    memory.event(node, wake).set();
  }
}

} // namespace bcssim::bcs::runtime
