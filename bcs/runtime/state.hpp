#pragma once
// What the BCS-MPI runtime's threads exchange (000 §4.3): the descriptors processes post into NIC memory, the
// matching descriptors the Buffer Receiver builds, collective descriptors, the job table and suspended processes.
// Which thread keeps which of them is said beside each thread's class.
#include "base/envelope.hpp"
#include "bcs/core/node_set.hpp"
#include "models/elan3/nic_memory.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace bcssim::bcs::runtime {

/// The microphases of a slice, in order (000 §4.2): descriptor exchange, message scheduling, point to point,
/// broadcast and barrier, reduce.
enum class Microphase : int { dem = 0, msm = 1, p2p = 2, bbm = 3, reduce = 4 };
inline constexpr int kMicrophases = 5;
/// The microphase of a phase number (slice * kMicrophases + microphase + 1: what a microstrobe writes).
inline Microphase microphase_of(std::int64_t phase) { return Microphase((phase - 1) % kMicrophases); }
inline const char* to_string(Microphase m)
{
  static constexpr const char* names[kMicrophases] = {"DEM", "MSM", "point-to-point", "broadcast/barrier", "reduce"};
  return names[int(m)];
}

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
  Endpoint peer;           // sends: the destination; receives: node unused (peer.rank may be ANY_SOURCE)
  base::Envelope envelope; // sends: source, tag, context, seq, bytes; receives: tag and context wanted
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
  std::uint64_t bytes = 0;    // broadcast data, or the reduced vector
  std::size_t count = 0;      // reduce: elements
  const void* send = nullptr; // bcast: the root's data; reduce: this rank's contribution
  void* recv = nullptr;       // bcast: where non-roots get it; reduce: the result (root; every rank for allreduce)
  Combine combine;
  std::int64_t seq = 0; // the job's collective number
  std::int64_t posted_slice = 0;
  bool complete = false;
  std::function<void()> on_complete;
};
using CollectivePtr = std::shared_ptr<CollectiveDescriptor>;

/// A job as the runtime knows it: where its ranks are, and its per-job words in NIC memory.
struct JobInfo {
  std::vector<unsigned> node_of; // by rank
  core::NodeSet nodes = core::NodeSet::range(0, 0);
  std::map<unsigned, unsigned> ranks_on; // local ranks per node
  elan3::WordId posted_word = 0;         // per node: collectives 1..k posted by every local rank (the BR's flag)
  elan3::WordId scheduled_word = 0;      // per node: collective k scheduled this slice (written by the master's query)
  elan3::WordId exited_word = 0;         // per node: 1 once every local process of the job has exited (NM)
  std::function<void(unsigned node)> fork; // forks the job's processes on a node (set by launch)
  bool launched = false;
  unsigned started = 0;                   // processes started (all nodes)
  std::map<unsigned, unsigned> exited_on; // processes ended per node
  unsigned exited = 0;                    // processes ended (all nodes)
  bool reported = false;                  // the MM was told the job terminated
};

/// A process suspended by the Node Manager until `ready()`; restarted at the next slice boundary.
struct Suspended {
  std::function<bool()> ready;
  simgrid::s4u::SemaphorePtr resume;
};

} // namespace bcssim::bcs::runtime
