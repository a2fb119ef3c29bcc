#pragma once
// What the BCS-MPI runtime keeps in NIC memory (000 §4.3): descriptors posted by processes, the remote send
// descriptors a Buffer Receiver collected, matched transfers waiting for (or scheduled in) a point-to-point
// microphase, and the processes a Node Manager will restart.
#include "base/envelope.hpp"
#include "base/matching.hpp"
#include "bcs/core/node_set.hpp"
#include "models/elan3/nic_memory.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace bcssim::bcs::runtime {

/// The microphases of a slice, in order (000 §4.2): descriptor exchange, message scheduling, point to point,
/// broadcast and barrier, reduce.
enum class Microphase : int { dem = 0, msm = 1, p2p = 2, bbm = 3, reduce = 4 };
inline constexpr int kMicrophases = 5;

/// Who a descriptor belongs to: a process (rank) of a job.
struct Endpoint {
  int job = 0;
  int rank = 0;
  unsigned node = 0;
};

/// A point-to-point descriptor (000 §3: "all the communication parameters required to complete the operation").
struct Descriptor {
  std::uint64_t id = 0;
  std::uint64_t flow = 0; // sends: the trace's arrow from the post to the transfer's completion (0: no trace)
  bool is_send = false;
  Endpoint owner;
  Endpoint peer;               // sends: the destination; receives: node unused (peer.rank may be ANY_SOURCE)
  base::Envelope envelope;     // sends: source, tag, context, seq, bytes; receives: tag and context wanted
  const void* send_data = nullptr;
  void* recv_buffer = nullptr;
  std::uint64_t capacity = 0;
  std::int64_t posted_slice = 0;
  // Completion, written by the Dma Helper.
  bool complete = false;
  double completed_at = 0;
  base::Envelope matched; // receives: the envelope of the message they got
  std::function<void(const Descriptor&)> on_complete;
};
using DescriptorPtr = std::shared_ptr<Descriptor>;

/// A matching descriptor (000 §4.3): a send matched with a receive, moved in one or more chunks.
struct Transfer {
  DescriptorPtr send;
  DescriptorPtr recv;
  std::uint64_t offset = 0; // bytes already moved
};

enum class CollectiveKind { barrier, bcast, reduce, allreduce };

/// Combines `in` into `inout` element by element (the MPI layer's operator on real data).
using Combine = std::function<void(const void* in, void* inout)>;

/// A collective descriptor (000 §4.4). Barrier and broadcast are one operation (a barrier broadcasts nothing).
struct CollectiveDescriptor {
  CollectiveKind kind = CollectiveKind::barrier;
  Endpoint owner;
  int root = 0;
  std::uint64_t bytes = 0;   // broadcast data, or the reduced vector
  std::size_t count = 0;     // reduce: elements
  const void* send = nullptr; // bcast: the root's data; reduce: this rank's contribution
  void* recv = nullptr;       // bcast: where non-roots get it; reduce: the result (root; every rank for allreduce)
  Combine combine;
  std::int64_t seq = 0;       // the job's collective number
  std::int64_t posted_slice = 0;
  bool complete = false;
  std::function<void()> on_complete;
};
using CollectivePtr = std::shared_ptr<CollectiveDescriptor>;

/// A job as the runtime knows it: where its ranks are, and its per-job words in NIC memory.
struct JobInfo {
  std::vector<unsigned> node_of;     // by rank
  core::NodeSet nodes = core::NodeSet::range(0, 0);
  std::map<unsigned, unsigned> ranks_on; // local ranks per node
  elan3::WordId posted_word = 0;     // per node: collectives 1..k posted by every local rank (the BR's flag)
  elan3::WordId scheduled_word = 0;  // per node: collective k scheduled this slice (written by the master's query)
  elan3::WordId exited_word = 0;     // per node: 1 once every local process of the job has exited (NM)
  std::function<void(unsigned node)> fork; // forks the job's processes on a node (set by launch)
  bool launched = false;
  unsigned started = 0;              // processes started (all nodes)
  std::map<unsigned, unsigned> exited_on; // processes ended per node
  unsigned exited = 0;               // processes ended (all nodes)
  bool reported = false;             // the MM was told the job terminated
};

/// A process suspended by the Node Manager until `ready()`; restarted at the next slice boundary.
struct Suspended {
  std::function<bool()> ready;
  simgrid::s4u::SemaphorePtr resume;
};

/// What a watched node's Strobe Receiver gathers during a slice for the EMDS (000 Table 5.2); -1: not yet.
struct EmdsSlice {
  std::int64_t slice = -1;
  double strobe_at = -1;      // the slice strobe landed
  double prev_strobe_at = -1; // the previous slice's strobe landed
  double msm_strobe_at = -1;
  double dem_done = -1, msm_done = -1, slice_done = -1;
  std::uint64_t np2pdem = 0, np2pmsm = 0, ncolldem = 0, ncollmsm = 0, bpts = 0;
};

struct NodeState {
  std::vector<DescriptorPtr> new_sends;      // posted, not yet exchanged (DEM of the next slice)
  std::vector<DescriptorPtr> new_recvs;      // posted, not yet given to matching (next MSM)
  std::vector<DescriptorPtr> arrived_sends;  // remote send descriptors delivered in this slice's DEM
  std::map<std::pair<int, int>, base::MatchingQueues> matching; // by (job, rank) of the local receiver
  std::map<base::ReceiveId, DescriptorPtr> receives;            // posted receives by id
  std::map<std::tuple<int, int, int, int, std::uint64_t>, DescriptorPtr> unmatched_sends; // (job, dst, src, ctx, seq)
  std::deque<Transfer> backlog;     // matched, waiting for capacity (chunked messages continue here)
  std::vector<Transfer> scheduled;  // this slice's point-to-point work: (transfer, chunk bytes)
  std::vector<std::uint64_t> chunk; // bytes of each scheduled transfer in this slice
  std::vector<Suspended> suspended; // in suspension order
  double measured_rate = 0;         // B/s the last point-to-point microphase achieved into this node (0: none yet)
  std::map<int, std::map<std::int64_t, std::vector<CollectivePtr>>> collectives; // by job, then number
  std::map<std::tuple<int, std::int64_t, int>, std::vector<char>> partials; // reduce: (job, number, child) data
  EmdsSlice emds;                   // the EMDS's figures of the current slice (watched nodes)
  double woke_at = -1;              // when the SR woke the thread of the current microphase (-1: it did not)
  double dem_end = 0;               // when this node's last DEM ended
  double msm_end = 0;               // when this node's last MSM ended
  double measured_gap = 0;          // s from the end of the last MSM to the start of its point-to-point microphase
};

} // namespace bcssim::bcs::runtime
