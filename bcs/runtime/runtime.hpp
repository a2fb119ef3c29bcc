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
#include "bcs/core/primitives.hpp"
#include "bcs/runtime/spec.hpp"
#include "bcs/runtime/state.hpp"
#include "models/elan3/host_interface.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::bcs::runtime {

class Runtime {
public:
  /// `core`: the core primitives the protocol runs on; nodes 0..nodes-1 run compute processes.
  Runtime(core::CorePrimitives& core, const elan3::HostInterface& host, RuntimeSpec spec);

  const RuntimeSpec& spec() const { return spec_; }
  const elan3::HostInterface& host() const { return host_; }
  /// What the EMDS recorded (000 §5.2); empty unless spec().emds.enabled.
  const mds::Emds& emds() const { return emds_; }

  // --- called by processes (bcs/api), on their node's CPU host ---
  /// Registers a job whose rank r runs on node_of[r]; returns its number (descriptors carry it, so jobs
  /// sharing the machine never match each other and complete their collectives separately).
  int new_job(const std::vector<unsigned>& node_of);
  /// Submits a registered job to the Machine Manager, which will call fork(node) on each of the job's nodes
  /// when that node's Node Manager gets the launch command. Callable before the engine runs or from any actor.
  void launch(int job, std::function<void(unsigned node)> fork);
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

private:
  struct MmRequest {
    bool launch = true; // else: the job has terminated
    int job = 0;
  };
  void machine_manager();
  void mm_request(MmRequest request);
  void launch_job(int job);
  void start_strobe_sender();
  /// NM on a job master's node, at the slice strobe: reports the jobs whose processes have all exited.
  void report_terminations(unsigned node);
  bool termination_due(unsigned node) const;
  void strobe_sender();
  void strobe_receiver(unsigned node);
  /// A microstrobe lands on `node`: wakes its SR, or does for an idle node what the SR would (see the file).
  void land_strobe(unsigned node, std::int64_t phase);
  void node_manager(unsigned node);
  void buffer_sender(unsigned node);
  void buffer_receiver(unsigned node);
  void dma_helper(unsigned node);
  void collective_helper(unsigned node);
  void reduce_helper(unsigned node);
  /// At the slice strobe: sets the node's per-job flag for collectives every local process posted before;
  /// returns how many flags it raised.
  std::uint64_t raise_collective_flags(unsigned node);
  /// EMDS: the slice strobe (phase DEM) or a microstrobe landed on a watched node (emds.cpp).
  void emds_landing(unsigned node, Microphase m);
  /// EMDS: a watched node finished microphase m.
  void emds_finished(unsigned node, Microphase m);
  /// EMDS: true when the SR of `node` records figures this slice or the last (it then never idles).
  bool emds_active(unsigned node) const;
  /// In the MSM: the master's query of each collective this node masters; true when one was scheduled.
  bool schedule_collectives(unsigned node);
  /// Collectives of `kind` scheduled on `node` this slice: (job, number).
  std::vector<std::pair<int, std::int64_t>> scheduled_collectives(unsigned node, bool reductions);
  void complete_collective(unsigned node, int job, std::int64_t seq, const std::function<void(CollectiveDescriptor&)>& fill);
  void start_node_threads();
  void finish_microphase(unsigned node, std::int64_t phase);
  bool has_work(unsigned node, Microphase m);
  bool progress_possible() const;

  core::CorePrimitives& core_;
  const elan3::HostInterface& host_;
  RuntimeSpec spec_;
  unsigned nodes_;
  std::vector<NodeState> state_;
  std::int64_t slice_ = 0;
  double slice_start_ = 0;
  bool threads_started_ = false;
  bool strobing_ = false;
  int next_job_ = 0;
  int running_jobs_ = 0;    // launched by the MM and not yet reported terminated: the SS strobes while > 0
  int live_processes_ = 0;
  // The Machine Manager: its requests (launches, terminations) in arrival order.
  bool mm_started_ = false;
  bool mm_waiting_ = false;
  std::deque<MmRequest> mm_queue_;
  simgrid::s4u::SemaphorePtr mm_wake_;
  std::uint64_t next_id_ = 1;
  std::map<std::tuple<int, int, int, int>, std::uint64_t> next_seq_; // (job, src, dst, context)
  std::uint64_t activity_ = 0;          // descriptors exchanged, matched or moved: progress marker
  std::uint64_t idle_slices_ = 0;       // slices in a row without activity while processes are suspended
  // NIC memory: the microphase a node is told to run and the last one it finished (Compare-And-Write target).
  elan3::WordId phase_word_;
  elan3::WordId done_word_;
  elan3::EventId strobe_event_;
  elan3::EventId dem_event_, msm_event_, p2p_event_, bbm_event_, reduce_event_;
  elan3::EventId partial_event_;         // a reduce partial from a child NIC has arrived
  elan3::EventId collective_sent_event_; // a CH's or RH's multicast has reached every node
  std::map<int, JobInfo> jobs_;
  std::map<std::pair<int, int>, std::int64_t> next_collective_; // (job, rank)
  double tail_ = 0; // s the broadcast and reduce microphases took in the last slice (measured by the SS)
  elan3::EventId descriptors_landed_event_; // a BS counts its DEM puts landing on it
  // Idle nodes a microstrobe landed on at one instant, whose done words one timer writes (strobe_receiver.cpp).
  struct IdleBatch {
    double landed = 0;
    std::int64_t phase = 0;
    std::vector<unsigned> nodes; // in landing order
  };
  std::shared_ptr<IdleBatch> idle_batch_;
  mds::Emds emds_;
};

} // namespace bcssim::bcs::runtime
