#pragma once
// BR, the Buffer Receiver of one node (000 §4.3): the receives its processes posted, the remote send descriptors
// the DEM delivered, the MPI matching queues of its ranks, and the matched transfers waiting for capacity.
#include "base/matching.hpp"
#include "bcs/runtime/state.hpp"
#include "models/elan3/thread_steps.hpp"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

class BufferReceiver {
public:
  BufferReceiver(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  /// A process posted a receive descriptor (given to matching in the next MSM).
  void post_receive(DescriptorPtr d) { new_recvs_.push_back(std::move(d)); }
  /// A Buffer Sender's DEM put of `d` from node `from` lands here at `landed` (under `stages` when its DMA lands,
  /// under the message-level tier when it is issued; a local send descriptor is handed over at once). The MSM
  /// takes arrivals in order of (landing, source node, descriptor): landings at one instant are ordered by that
  /// explicit key, never by the order SimGrid happened to run the landing DMAs in.
  void deliver_at(DescriptorPtr d, double landed, unsigned from);
  /// Transfers the DMA Helper could not finish this slice: first in line next slice.
  void requeue(const std::vector<Transfer>& unfinished);
  /// The earliest exchanged, unmatched send descriptor for `owner` that matches the pattern.
  std::optional<base::Envelope> probe(const Endpoint& owner, const base::Pattern& pattern) const;
  /// Something waits for matching or for capacity.
  bool pending() const { return !new_recvs_.empty() || !landing_.empty() || !backlog_.empty(); }
  /// This slice's MSM has work: matching, scheduling, or a collective this node may master.
  bool has_work() const;
  /// The BR's thread (an actor on the node's NIC).
  void run();
  /// One MSM's work (matching, then scheduling), on the calling NIC thread: the BR's own under `stages`, the
  /// Strobe Receiver's when the message-level tier folds the BR into it.
  void match_and_schedule();
  /// The same under the message-level tier without an actor (computed_sr.hpp), when this node's collectives
  /// query nothing (CollectiveTable::masters_a_query): the matching's operation on `steps`, then the scheduling,
  /// "bcs.msm" emitted as the Strobe Receiver's, and `then`.
  void match_and_schedule(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then);

private:
  /// The MSM up to its operation: the gap estimate and the matching; returns the cycles it costs and the pairs.
  std::pair<double, std::size_t> begin_msm();
  /// The MSM after its operation: the master's query (which blocks its thread), the scheduling.
  void end_msm(std::size_t matched);
  /// Matches new receives and arrived sends; returns (descriptors walked, pairs matched).
  std::pair<unsigned, std::size_t> match();
  /// Schedules this slice's share of the backlog, oldest first, for the DMA Helper.
  void schedule();

  Context& ctx_;
  unsigned node_;
  double p2p_time_ = 0;                  // s left to move bytes in, summed over the slices below (the crawl warning)
  std::uint64_t p2p_slices_ = 0;         // slices with data to move since the last check
  std::vector<DescriptorPtr> new_recvs_; // posted, not yet given to matching
  struct Landing {
    double at;
    unsigned from;
    DescriptorPtr d;
  };
  std::vector<Landing> landing_;                                 // this DEM's deliveries, not yet in arrival order
  std::map<std::pair<int, int>, base::MatchingQueues> matching_; // by (job, rank) of the local receiver
  std::map<base::ReceiveId, DescriptorPtr> receives_;            // posted receives by id
  std::map<std::tuple<int, int, int, int, std::uint64_t>, DescriptorPtr> unmatched_; // (job, dst, src, ctx, seq)
  std::deque<Transfer> backlog_; // matched, waiting for capacity (chunked messages continue here)
};

} // namespace bcssim::bcs::runtime
