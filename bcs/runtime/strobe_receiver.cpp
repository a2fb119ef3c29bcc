// SR, the Strobe Receiver (000 §4.1-4.2), on every node's NIC: on each microstrobe it wakes the local thread of
// the new microphase; the slice strobe (the DEM's) first lets the Node Manager restart processes.
#include "bcs/runtime/runtime.hpp"

namespace bcssim::bcs::runtime {

void Runtime::strobe_receiver(unsigned node)
{
  auto& memory = core_.machine().memory;
  for (;;) {
    core_.test_event(node, strobe_event_, true);
    elan3::run_cycles(core_.machine().costs.event);
    const std::int64_t phase = memory.word(node, phase_word_);
    const auto m = Microphase((phase - 1) % kMicrophases);
    if (m == Microphase::dem)
      node_manager(node);
    const elan3::EventId wake = m == Microphase::dem ? dem_event_ : m == Microphase::msm ? msm_event_ : p2p_event_;
    memory.event(node, wake).set();
  }
}

} // namespace bcssim::bcs::runtime
