// BS, the Buffer Sender (000 §4.3), on every node's NIC: in the descriptor exchange microphase (DEM) it delivers
// each send descriptor posted during the previous slice to the Buffer Receiver of the destination node, with
// Xfer-And-Signal (a descriptor-sized put, 64 B, from NIC memory to NIC memory), and waits until all have landed.
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

namespace bcssim::bcs::runtime {

void Runtime::buffer_sender(unsigned node)
{
  auto& memory = core_.machine().memory;
  const elan3::EventId landed = descriptors_landed_event_;
  for (;;) {
    core_.test_event(node, dem_event_, true);
    const std::int64_t phase = memory.word(node, phase_word_);
    std::vector<DescriptorPtr> outgoing;
    std::vector<DescriptorPtr> later; // posted during this slice already: next DEM
    for (auto& d : state_[node].new_sends)
      (d->posted_slice < slice_ ? outgoing : later).push_back(d);
    state_[node].new_sends = std::move(later);
    unsigned remote = 0;
    for (const DescriptorPtr& d : outgoing) {
      elan3::run_cycles(core_.machine().costs.descriptor);
      const unsigned to = d->peer.node;
      if (to == node) { // same node: the descriptor is already in this NIC's memory
        state_[to].arrived_sends.push_back(d);
        continue;
      }
      core::XferAndSignal x;
      x.src = node;
      x.dst = core::NodeSet::range(to, to);
      x.bytes = host_.spec().descriptor_bytes; // the descriptor as the process posted it
      x.local_event = landed;
      x.deliver = [this, d](unsigned at) { state_[at].arrived_sends.push_back(d); };
      core_.xfer_and_signal(x);
      ++remote;
    }
    for (unsigned i = 0; i < remote; ++i)
      core_.test_event(node, landed, true);
    activity_ += outgoing.size();
    state_[node].emds.np2pdem += outgoing.size();
    base::emit("bcs.dem", outgoing.size());
    finish_microphase(node, phase);
  }
}

} // namespace bcssim::bcs::runtime
