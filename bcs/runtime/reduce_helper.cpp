// RH, the Reduce Helper (000 §4.4, 002 §5.3.5), on every node's NIC: in the reduce microphase each node of a
// job combines its local processes' contributions, then the job's nodes combine along a binomial tree rooted
// at the root's node (children send their partial result to their parent with Xfer-And-Signal). The Elan has
// no FPU: every element combined costs spec.combine_cycles (SoftFloat). The root gets the result; for an
// allreduce it then multicasts it to every node of the job.
#include "bcs/runtime/reduce_helper.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <algorithm>
#include <cstring>

namespace bcssim::bcs::runtime {

bool ReduceHelper::has_work() const { return !ctx_.node(node_).collectives.scheduled(true).empty(); }

void ReduceHelper::run()
{
  const unsigned node = node_;
  CollectiveTable& table = ctx_.node(node).collectives;
  const elan3::EventId partial_event = ctx_.layout.partial;
  for (;;) {
    ctx_.core.test_event(node, ctx_.layout.reduce, true);
    const std::int64_t phase = ctx_.memory().word(node, ctx_.layout.phase);
    for (const auto& [job, seq] : table.scheduled(true)) {
      std::vector<CollectivePtr> mine = table.posted(job, seq);
      std::sort(mine.begin(), mine.end(), [](const CollectivePtr& a, const CollectivePtr& b) {
        return a->owner.rank < b->owner.rank; // combine in rank order: the same values on every run
      });
      const CollectiveDescriptor& first = *mine.front();
      const JobInfo& info = ctx_.jobs.at(job);
      const bool real = std::all_of(mine.begin(), mine.end(), [](const CollectivePtr& d) { return d->send; });
      std::vector<char> partial;
      if (real)
        partial.assign(static_cast<const char*>(first.send), static_cast<const char*>(first.send) + first.bytes);
      auto combine = [&](const void* in) {
        elan3::run_cycles(double(first.count) * ctx_.spec.combine_cycles);
        if (real && in != nullptr && first.combine)
          first.combine(in, partial.data());
      };
      for (std::size_t i = 1; i < mine.size(); ++i)
        combine(mine[i]->send);

      // Binomial tree over the job's nodes, relative to the root's node.
      const std::vector<unsigned>& nodes = info.nodes.nodes();
      const int n = int(nodes.size());
      const auto index = [&](unsigned v) {
        return int(std::lower_bound(nodes.begin(), nodes.end(), v) - nodes.begin());
      };
      const int root_index = index(info.node_of.at(std::size_t(first.root)));
      const int rel = (index(node) - root_index + n) % n;
      for (int mask = 1; mask < n; mask <<= 1) {
        if ((rel & mask) == 0) {
          const int child = rel | mask;
          if (child >= n)
            continue;
          const auto key = std::make_tuple(job, seq, child);
          while (partials_.count(key) == 0)
            ctx_.core.test_event(node, partial_event, true);
          combine(partials_[key].empty() ? nullptr : partials_[key].data());
          partials_.erase(key);
        } else {
          const unsigned parent = nodes[std::size_t(((rel & ~mask) + root_index) % n)];
          elan3::run_cycles(ctx_.machine().costs.descriptor);
          core::XferAndSignal up;
          up.src = node;
          up.dst = core::NodeSet::range(parent, parent);
          up.bytes = first.bytes;
          up.remote_event = partial_event;
          Context& ctx = ctx_;
          up.deliver = [&ctx, key = PartialKey(job, seq, rel), partial](unsigned at) {
            ctx.node(at).rh.deliver_partial(key, partial);
          };
          ctx_.core.xfer_and_signal(up);
          break;
        }
      }
      const int root = first.root;
      auto fill_all = [&partial](CollectiveDescriptor& d) {
        if (!partial.empty() && d.recv != nullptr)
          std::memcpy(d.recv, partial.data(), partial.size());
      };
      if (n == 1 && first.kind == CollectiveKind::allreduce) {
        table.complete(job, seq, fill_all);
      } else if (rel == 0 && first.kind == CollectiveKind::allreduce) {
        core::XferAndSignal down; // the result to every node of the job
        down.src = node;
        down.dst = info.nodes;
        down.bytes = first.bytes;
        down.local_event = ctx_.layout.collective_sent;
        Context& ctx = ctx_;
        down.deliver = [&ctx, job = job, seq = seq, partial](unsigned at) {
          ctx.node(at).collectives.complete(job, seq, [&partial](CollectiveDescriptor& d) {
            if (!partial.empty() && d.recv != nullptr)
              std::memcpy(d.recv, partial.data(), partial.size());
          });
        };
        ctx_.core.xfer_and_signal(down);
        ctx_.core.test_event(node, ctx_.layout.collective_sent, true);
      } else if (first.kind == CollectiveKind::reduce) {
        table.complete(job, seq, [&](CollectiveDescriptor& d) {
          if (rel == 0 && d.owner.rank == root && !partial.empty() && d.recv != nullptr)
            std::memcpy(d.recv, partial.data(), partial.size());
        });
      }
      base::emit("bcs.reduce", first.bytes);
    }
    ctx_.node(node).sr.finish(phase);
  }
}

} // namespace bcssim::bcs::runtime
