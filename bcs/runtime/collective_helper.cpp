// CH, the Collective Helper (000 §4.4), on every node's NIC: in the broadcast/barrier microphase the master of
// each scheduled broadcast (the root's node) multicasts the root's data from main memory into every node of
// the job with one Xfer-And-Signal; each node's processes get it as it lands. A barrier is a broadcast of no
// data (a token from NIC memory).
#include "bcs/runtime/collective_helper.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <xbt/log.h>

#include <cstring>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_collective_helper, bcs_runtime,
                                "bcs.runtime.collective_helper: Collective Helpers (broadcast, barrier)");

namespace bcssim::bcs::runtime {

bool CollectiveHelper::has_work() const { return !ctx_.node(node_).collectives.scheduled(false).empty(); }

void CollectiveHelper::run()
{
  CollectiveTable& table = ctx_.node(node_).collectives;
  const elan3::EventId sent = ctx_.layout.collective_sent;
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.bbm, true);
    const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
    for (const auto& [job, seq] : table.scheduled(false)) {
      const auto& posted = table.posted(job, seq);
      const CollectiveDescriptor& first = *posted.front();
      const JobInfo& info = ctx_.jobs.at(job);
      const int root = first.kind == CollectiveKind::barrier ? 0 : first.root;
      if (info.node_of.at(std::size_t(root)) != node_)
        continue; // completed when the master's multicast lands here
      const void* data = nullptr;
      for (const CollectivePtr& d : posted)
        if (d->owner.rank == root)
          data = d->send;
      elan3::run_cycles(ctx_.machine().costs.descriptor);
      auto fill = [root, data, bytes = first.bytes](CollectiveDescriptor& d) {
        if (d.owner.rank != root && data != nullptr && d.recv != nullptr && bytes > 0)
          std::memcpy(d.recv, data, bytes);
      };
      XBT_VERB("node %u: job %d collective %lld (%llu B) from rank %d", node_, job, static_cast<long long>(seq),
               static_cast<unsigned long long>(first.bytes), root);
      // The whole job on this node: a barrier's token is a flag in shared memory, but a broadcast's data moves as
      // any message between two processes of one node does, through the NIC (a multicast to its own node's range;
      // it had completed at once, whatever its size: a 1 GB broadcast in no time, issue 67's hostile pass).
      if (info.nodes.size() == 1 && first.bytes == 0) {
        table.complete(job, seq, fill);
        continue;
      }
      core::XferAndSignal x;
      x.src = node_;
      x.dst = info.nodes;
      x.bytes = first.bytes;
      x.src_memory = x.dst_memory = first.bytes > 0 ? elan3::Memory::main : elan3::Memory::elan;
      x.local_event = sent;
      Context& ctx = ctx_;
      x.deliver = [&ctx, job = job, seq = seq, fill](unsigned at) {
        ctx.node(at).collectives.complete(job, seq, fill);
      };
      ctx_.core.xfer_and_signal(x);
      ctx_.core.test_event(node_, sent, true);
      base::emit(first.kind == CollectiveKind::barrier ? "bcs.barrier" : "bcs.bcast", first.bytes);
    }
    ctx_.node(node_).sr.finish(phase);
  }
}

} // namespace bcssim::bcs::runtime
