// The collective side of the Buffer Receiver (000 §4.4, Fig. 4.6): the per-job flag raised when every local
// process has posted a collective, the job master's Compare-And-Write query in the MSM, and the bookkeeping
// shared by the Collective and Reduce Helpers.
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

#include <algorithm>

namespace bcssim::bcs::runtime {

namespace {
int root_of(const CollectiveDescriptor& d) { return d.kind == CollectiveKind::barrier ? 0 : d.root; }
bool is_reduction(CollectiveKind k) { return k == CollectiveKind::reduce || k == CollectiveKind::allreduce; }
} // namespace

std::uint64_t Runtime::raise_collective_flags(unsigned node)
{
  auto& memory = core_.machine().memory;
  std::uint64_t raised = 0;
  for (const auto& [job, pending] : state_[node].collectives) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    const JobInfo& info = jobs_.at(job);
    const bool all_before = std::all_of(posted.begin(), posted.end(),
                                        [this](const CollectivePtr& d) { return d->posted_slice < slice_; });
    if (posted.size() == info.ranks_on.at(node) && all_before && memory.word(node, info.posted_word) != seq + 1) {
      memory.word(node, info.posted_word) = seq + 1;
      ++raised;
    }
  }
  return raised;
}

bool Runtime::schedule_collectives(unsigned node)
{
  auto& memory = core_.machine().memory;
  bool any = false;
  for (const auto& [job, pending] : state_[node].collectives) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    const JobInfo& info = jobs_.at(job);
    if (info.node_of.at(std::size_t(root_of(*posted.front()))) != node) // only the master queries
      continue;
    if (memory.word(node, info.posted_word) < seq + 1)
      continue;
    core::CompareAndWrite query; // is the flag up on every node of the job? then schedule it on all of them
    query.src = node;
    query.nodes = info.nodes;
    query.word = info.posted_word;
    query.op = core::Compare::ge;
    query.value = seq + 1;
    query.write_word = info.scheduled_word;
    query.write_value = seq + 1;
    const bool ready = core_.compare_and_write(query);
    base::emit(ready ? "bcs.coll.scheduled" : "bcs.coll.not_ready", std::uint64_t(seq));
    any = any || ready;
  }
  return any;
}

std::vector<std::pair<int, std::int64_t>> Runtime::scheduled_collectives(unsigned node, bool reductions)
{
  std::vector<std::pair<int, std::int64_t>> out;
  auto& memory = core_.machine().memory;
  for (const auto& [job, pending] : state_[node].collectives) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    if (memory.word(node, jobs_.at(job).scheduled_word) == seq + 1 && is_reduction(posted.front()->kind) == reductions)
      out.emplace_back(job, seq);
  }
  return out;
}

void Runtime::complete_collective(unsigned node, int job, std::int64_t seq,
                                  const std::function<void(CollectiveDescriptor&)>& fill)
{
  auto& pending = state_[node].collectives[job];
  auto it = pending.find(seq);
  if (it == pending.end())
    return;
  const std::vector<CollectivePtr> done = std::move(it->second);
  pending.erase(it);
  for (const CollectivePtr& d : done) {
    if (fill)
      fill(*d);
    d->complete = true;
    if (d->on_complete)
      d->on_complete();
  }
  ++activity_;
}

} // namespace bcssim::bcs::runtime
