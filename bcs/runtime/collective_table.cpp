// The collective side of the Buffer Receiver (000 §4.4, Fig. 4.6): the per-job flag raised when every local
// process has posted a collective, the job master's Compare-And-Write query in the MSM, and the bookkeeping
// shared by the Collective and Reduce Helpers.
#include "bcs/runtime/collective_table.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <algorithm>

namespace bcssim::bcs::runtime {

namespace {
int root_of(const CollectiveDescriptor& d) { return d.kind == CollectiveKind::barrier ? 0 : d.root; }
bool is_reduction(CollectiveKind k) { return k == CollectiveKind::reduce || k == CollectiveKind::allreduce; }
} // namespace

bool CollectiveTable::any_pending() const
{
  for (const auto& [job, pending] : pending_)
    if (!pending.empty())
      return true;
  return false;
}

std::optional<std::int64_t> CollectiveTable::complete_head(int job, unsigned local_ranks) const
{
  auto it = pending_.find(job);
  if (it == pending_.end() || it->second.empty())
    return std::nullopt;
  const auto& [seq, posted] = *it->second.begin();
  if (posted.size() != local_ranks)
    return std::nullopt;
  return seq;
}

CollectiveTable::Waiting CollectiveTable::waiting() const
{
  Waiting w;
  const auto* only = static_cast<const std::map<std::int64_t, std::vector<CollectivePtr>>*>(nullptr);
  int job = -1;
  for (const auto& [j, pending] : pending_) {
    if (pending.empty())
      continue;
    if (only != nullptr)
      return w;
    only = &pending;
    job = j;
  }
  if (only == nullptr)
    return w;
  const auto& [seq, posted] = *only->begin();
  const JobInfo& info = ctx_.jobs.at(job);
  auto& memory = ctx_.memory();
  const std::int64_t flag = memory.word(node_, info.posted_word);
  if (posted.size() == info.ranks_on.at(node_) && flag != seq + 1)
    return w; // raise_flags will raise it at a slice strobe
  w.seq = seq;
  w.queries = info.node_of.at(std::size_t(root_of(*posted.front()))) == node_ && flag >= seq + 1;
  if (w.queries) { // schedule_mastered's query: it must fail, on the hardware query (one range of nodes)
    if (!info.nodes.contiguous())
      return w;
    bool all = true;
    for (unsigned n : info.nodes.nodes())
      all = all && memory.word(n, info.posted_word) >= seq + 1;
    if (all)
      return w;
    w.first = info.nodes.first();
    w.last = info.nodes.last();
  }
  w.computable = true;
  return w;
}

std::uint64_t CollectiveTable::raise_flags()
{
  auto& memory = ctx_.memory();
  std::uint64_t raised = 0;
  for (const auto& [job, pending] : pending_) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    const JobInfo& info = ctx_.jobs.at(job);
    const std::int64_t slice = ctx_.clock.slice;
    const bool all_before =
        std::all_of(posted.begin(), posted.end(), [slice](const CollectivePtr& d) { return d->posted_slice < slice; });
    if (posted.size() == info.ranks_on.at(node_) && all_before && memory.word(node_, info.posted_word) != seq + 1) {
      memory.word(node_, info.posted_word) = seq + 1;
      ++raised;
    }
  }
  return raised;
}

bool CollectiveTable::queries(int job, std::int64_t seq, const CollectiveDescriptor& head) const
{
  const JobInfo& info = ctx_.jobs.at(job);
  // Only the master queries, once its own flag is up.
  return info.node_of.at(std::size_t(root_of(head))) == node_ && ctx_.memory().word(node_, info.posted_word) >= seq + 1;
}

bool CollectiveTable::masters_a_query() const
{
  for (const auto& [job, pending] : pending_)
    if (!pending.empty() && queries(job, pending.begin()->first, *pending.begin()->second.front()))
      return true;
  return false;
}

bool CollectiveTable::schedule_mastered()
{
  bool any = false;
  for (const auto& [job, pending] : pending_) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    if (!queries(job, seq, *posted.front()))
      continue;
    const JobInfo& info = ctx_.jobs.at(job);
    core::CompareAndWrite query; // is the flag up on every node of the job? then schedule it on all of them
    query.src = node_;
    query.nodes = info.nodes;
    query.word = info.posted_word;
    query.op = core::Compare::ge;
    query.value = seq + 1;
    query.write_word = info.scheduled_word;
    query.write_value = seq + 1;
    const bool ready = ctx_.core.compare_and_write(query);
    base::emit(ready ? "bcs.coll.scheduled" : "bcs.coll.not_ready", std::uint64_t(seq));
    any = any || ready;
  }
  return any;
}

std::vector<std::pair<int, std::int64_t>> CollectiveTable::scheduled(bool reductions) const
{
  std::vector<std::pair<int, std::int64_t>> out;
  auto& memory = ctx_.memory();
  for (const auto& [job, pending] : pending_) {
    if (pending.empty())
      continue;
    const auto& [seq, posted] = *pending.begin();
    if (memory.word(node_, ctx_.jobs.at(job).scheduled_word) == seq + 1 &&
        is_reduction(posted.front()->kind) == reductions)
      out.emplace_back(job, seq);
  }
  return out;
}

void CollectiveTable::complete(int job, std::int64_t seq, const std::function<void(CollectiveDescriptor&)>& fill)
{
  auto& pending = pending_[job];
  auto it = pending.find(seq);
  if (it == pending.end())
    return;
  const std::vector<CollectivePtr> done = std::move(it->second);
  pending.erase(it);
  ++ctx_.progress.events;
  for (const CollectivePtr& d : done) {
    if (fill)
      fill(*d);
    d->complete = true;
    if (d->on_complete)
      d->on_complete();
  }
  if (!done.empty())
    ctx_.node(node_).nm.operation_completed();
}

} // namespace bcssim::bcs::runtime
