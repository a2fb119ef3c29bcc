#pragma once
// A node's collective descriptors in NIC memory (000 §4.4, Fig. 4.6), by job and collective number, with the
// protocol steps that read them: the per-job flag raised at the slice strobe when every local process has
// posted, the job master's Compare-And-Write query in the MSM, and the completion the helpers trigger.
#include "bcs/runtime/state.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

class CollectiveTable {
public:
  CollectiveTable(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  void add(const CollectivePtr& d) { pending_[d->owner.job][d->seq].push_back(d); }
  /// True when some job has a collective pending here (the BR may master one).
  bool any_pending() const;
  /// The number of the oldest pending collective of `job` when every local rank has posted it.
  std::optional<std::int64_t> complete_head(int job, unsigned local_ranks) const;
  /// The descriptors of collective `seq` of `job` posted on this node.
  const std::vector<CollectivePtr>& posted(int job, std::int64_t seq) const { return pending_.at(job).at(seq); }

  /// What this node's MSM does each slice while its pending collective waits for ranks elsewhere and nothing
  /// else moves (a computed slice, idle_slices.cpp): the master's query, if its own flag is up, fails every slice.
  struct Waiting {
    bool computable = false; // false: the table could change the slice's course (several jobs pending here, a flag
                             // still to raise, a query that would succeed, a job on nodes that are not one range)
    bool queries = false;    // this node masters the collective and its flag is up: a Compare-And-Write each MSM
    std::int64_t seq = 0;    // the collective's number
    unsigned first = 0;      // the job's nodes (the query's range)
    unsigned last = 0;
  };
  /// Only when any_pending().
  Waiting waiting() const;

  /// At the slice strobe: raises the per-job flag for collectives every local process posted before this slice;
  /// returns how many flags it raised.
  std::uint64_t raise_flags();
  /// In the MSM: the master's query of each collective this node masters; true when one was scheduled.
  bool schedule_mastered();
  /// schedule_mastered would query (a Compare-And-Write, which blocks its thread).
  bool masters_a_query() const;
  /// Collectives scheduled on this node this slice, (job, number): reductions or broadcasts/barriers.
  std::vector<std::pair<int, std::int64_t>> scheduled(bool reductions) const;
  /// Completes collective `seq` of `job` here (if still pending): `fill` gives each descriptor its data.
  void complete(int job, std::int64_t seq, const std::function<void(CollectiveDescriptor&)>& fill);

private:
  /// This node masters `job`'s collective `seq` (whose first descriptor here is `head`) and its flag is up.
  bool queries(int job, std::int64_t seq, const CollectiveDescriptor& head) const;

  Context& ctx_;
  unsigned node_;
  std::map<int, std::map<std::int64_t, std::vector<CollectivePtr>>> pending_; // by job, then number
};

} // namespace bcssim::bcs::runtime
