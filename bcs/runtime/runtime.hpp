#pragma once
// The BCS-MPI runtime (000 §4, 001, 002 §5.3): the protocol threads run as actors on the NICs and exchange real
// descriptors over the simulated QsNet through the three core primitives.
//   MM  Machine Manager (a daemon on the management node's host): launches the SS, launches each job by
//       multicasting its launch command to the job's nodes, and learns of its termination (002 §3.5).
//   SS  Strobe Sender (management node's NIC): every slice a strobe, then per microphase a Compare-And-Write
//       checking that every node finished it (retried until true) and a microstrobe (Xfer-And-Signal).
//   SR  Strobe Receiver (each node): wakes the thread of the new microphase; at the slice strobe it also hands
//       the Node Manager its restarts.
//   NM  Node Manager (each node): forks a job's local processes on the MM's command; restarts, at the slice
//       boundary, processes whose blocking call completed; on the node of a job's rank 0, once the job's local
//       processes have exited, asks every node of the job whether its processes have too and tells the MM.
//   BS  Buffer Sender: in the DEM, delivers each send descriptor posted in the previous slice to the BR of the
//       destination node.
//   BR  Buffer Receiver: in the MSM, matches remote sends with local receives (MPI rules, base/matching),
//       builds matching descriptors, and schedules what the slice can carry, chunking larger messages.
//   DH  DMA Helper: in the point-to-point microphase, gets each scheduled chunk from the sender's memory.
//   CH  Collective Helper: in the broadcast/barrier microphase, the master multicasts (a barrier: no data).
//   RH  Reduce Helper: in the reduce microphase, a binomial tree over the job's NICs combines the values.
// Collectives (000 §4.4): when every local process of a job has posted its k-th collective, the node's flag
// for the job says so at the next slice strobe; in the MSM the master's BR (on the root's node) checks the
// flag on all the job's nodes with one Compare-And-Write that, if true, marks collective k scheduled on all of
// them; its CH or RH runs it in the same slice.
// One runtime serves the whole machine: several jobs share it; descriptors carry their job.
// Each thread is a class holding its own state (one header and one source file per thread, named after it);
// what they truly share is in context.hpp; node.hpp gathers one node's threads.
#include "base/sequence_numbers.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/machine_manager.hpp"
#include "bcs/runtime/node_policy.hpp"
#include "bcs/runtime/strobe_receiver.hpp"
#include "bcs/runtime/strobe_sender.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace bcssim::bcs::runtime {

class Runtime final : private StrobeSender::Machine {
public:
  /// `core`: the core primitives the protocol runs on; nodes 0..nodes-1 run compute processes.
  Runtime(core::CorePrimitives& core, const elan3::HostInterface& host, RuntimeSpec spec);
  ~Runtime() override;

  const RuntimeSpec& spec() const { return spec_; }
  const elan3::HostInterface& host() const { return ctx_.host; }
  /// What the EMDS recorded (000 §5.2); empty unless spec().emds.enabled.
  const mds::Emds& emds() const { return ctx_.emds.emds(); }

  // --- called by processes (bcs/api), on their node's CPU host ---
  /// Registers a job whose rank r runs on node_of[r]; returns its number (descriptors carry it, so jobs
  /// sharing the machine never match each other and complete their collectives separately).
  int new_job(const std::vector<unsigned>& node_of);
  /// Submits a registered job to the Machine Manager, which will call fork(node) on each of the job's nodes
  /// when that node's Node Manager gets the launch command. Callable before the engine runs or from any actor.
  void launch(int job, std::function<void(unsigned node)> fork) { mm_.launch(job, std::move(fork)); }
  /// A process of `job` on `node` starts (MPI_Init) / ends (MPI_Finalize).
  void attach_process(int job, unsigned node);
  void detach_process(int job, unsigned node);
  /// Posts a descriptor into the node's NIC memory (a PCI write). Returns once it is there.
  DescriptorPtr post(Descriptor d);
  /// Posts a collective descriptor (the caller then waits for `complete`).
  CollectivePtr post_collective(CollectiveDescriptor d);
  /// The earliest exchanged, unmatched send descriptor for `owner` that matches (job, source, tag, context).
  std::optional<base::Envelope> probe(const Endpoint& owner, const base::Pattern& pattern) const;
  /// Suspends the calling process until `ready()` holds at a slice boundary (000 §3.1: restarted at the
  /// beginning of the slice after the one that completed its operation).
  void suspend(unsigned node, std::function<bool()> ready);
  /// Rank `rank` of `job` computes on its own CPU and cannot end before `earliest_end` (s; computed() when it has):
  /// it posts nothing before then, which lets the Strobe Sender compute the idle slices until then.
  void computing(int job, int rank, double earliest_end);
  void computed(int job, int rank);
  /// Set when the Strobe Sender gave up because nothing moved for StrobeSender::kGiveUpSlices slices while every
  /// process waited (e.g. a slice too short for its microphases: Stall::slice_needs says how long it must be).
  const std::optional<Stall>& stall() const { return ctx_.stall; }

private:
  // StrobeSender::Machine
  int running_jobs() const override { return mm_.running_jobs(); }
  bool progress_possible() const override;
  bool all_waiting() const override;
  double quiet_until() const override;
  void start_node_threads();

  RuntimeSpec spec_;
  Context ctx_;
  RestartCompleted policy_; // the Node Managers' (000 §3.1)
  IdleStrobes idle_;
  StrobeSender ss_;
  MachineManager mm_;
  bool threads_started_ = false;
  int next_job_ = 0;
  int live_processes_ = 0;
  // Numbering done as processes post (host side): descriptor ids, per-pair sequence numbers, collective numbers.
  std::uint64_t next_id_ = 1;
  base::SequenceNumbers next_seq_;
  std::map<std::pair<int, int>, std::int64_t> next_collective_; // (job, rank)
  std::map<std::pair<int, int>, double> computing_;             // (job, rank) -> the earliest end of its computation
};

} // namespace bcssim::bcs::runtime
