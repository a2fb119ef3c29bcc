// SR, the Strobe Receiver (000 §4.1-4.2), on every node's NIC: on each microstrobe it wakes the local thread of
// the new microphase; the slice strobe (the DEM's) first lets the Node Manager restart processes. A thread with
// nothing to do in its microphase would only report it done, so the SR reports it itself: an idle node costs
// one wake-up per microphase, which keeps idle slices cheap to simulate on thousands of nodes.
#include "bcs/runtime/runtime.hpp"

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
      raise_collective_flags(node);
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
    memory.event(node, wake).set();
  }
}

} // namespace bcssim::bcs::runtime
