// CH, the Collective Helper (000 §4.4), on every node's NIC: in the broadcast/barrier microphase the master of
// each scheduled broadcast (the root's node) multicasts the root's data from main memory into every node of
// the job with one Xfer-And-Signal; each node's processes get it as it lands. A barrier is a broadcast of no
// data (a token from NIC memory).
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

#include <cstring>

namespace bcssim::bcs::runtime {

void Runtime::collective_helper(unsigned node)
{
  auto& memory = core_.machine().memory;
  const elan3::EventId sent = collective_sent_event_;
  for (;;) {
    core_.test_event(node, bbm_event_, true);
    const std::int64_t phase = memory.word(node, phase_word_);
    for (const auto& [job, seq] : scheduled_collectives(node, false)) {
      const auto& posted = state_[node].collectives.at(job).at(seq);
      const CollectiveDescriptor& first = *posted.front();
      const JobInfo& info = jobs_.at(job);
      const int root = first.kind == CollectiveKind::barrier ? 0 : first.root;
      if (info.node_of.at(std::size_t(root)) != node)
        continue; // completed when the master's multicast lands here
      const void* data = nullptr;
      for (const CollectivePtr& d : posted)
        if (d->owner.rank == root)
          data = d->send;
      elan3::run_cycles(core_.machine().costs.descriptor);
      auto fill = [root, data, bytes = first.bytes](CollectiveDescriptor& d) {
        if (d.owner.rank != root && data != nullptr && d.recv != nullptr && bytes > 0)
          std::memcpy(d.recv, data, bytes);
      };
      if (info.nodes.size() == 1) { // the whole job on this node: shared memory
        complete_collective(node, job, seq, fill);
        continue;
      }
      core::XferAndSignal x;
      x.src = node;
      x.dst = info.nodes;
      x.bytes = first.bytes;
      x.src_memory = x.dst_memory = first.bytes > 0 ? elan3::Memory::main : elan3::Memory::elan;
      x.local_event = sent;
      x.deliver = [this, job = job, seq = seq, fill](unsigned at) { complete_collective(at, job, seq, fill); };
      core_.xfer_and_signal(x);
      core_.test_event(node, sent, true);
      base::emit(first.kind == CollectiveKind::barrier ? "bcs.barrier" : "bcs.bcast", first.bytes);
    }
    finish_microphase(node, phase);
  }
}

} // namespace bcssim::bcs::runtime
