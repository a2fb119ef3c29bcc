#pragma once
// STORM's Machine Manager (thesis ch. 4 §4.2.1): it queues the jobs as they are submitted and places each in the
// Ousterhout matrix of the scheduling algorithm (one row for fcfs). It is clock-based: it acts at ticks of its
// quantum ("operating only at regular ticks", §4.2.1), where it notes the jobs that ended before the tick, queues
// those submitted up to it, and places what the matrix allows. Under gang scheduling it then multicasts the global
// context switch to the next row, and each node's Node Manager gives every local PE to the process of that row's
// job (§4.2.1, "Heartbeat/strobe"). Every time-sharing algorithm (storm/algorithms.hpp) gets these heartbeats;
// what each Node Manager makes of them, and of its processes' blocking calls, is the algorithm's local policy
// (storm::NodeManager). Ties are broken by job number. (BCS-MPI's own Machine Manager, the NIC thread that paces
// its slices, is bcs::runtime::MachineManager: another program of the same name in the papers.)
#include "base/actor_pool.hpp"
#include "base/timed_semaphore.hpp"
#include "storm/algorithms.hpp"
#include "storm/gang_matrix.hpp"
#include "storm/launch/file_helper.hpp"
#include "storm/launch/launch_spec.hpp"
#include "storm/launch/process_launch.hpp"
#include "storm/machine_manager/job_host.hpp"
#include "storm/node_manager.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bcssim::bcs::core {
class QsNetHw;
}
namespace bcssim::elan3 {
class HostInterface;
}
namespace bcssim::qsnet {
class Platform;
}

namespace bcssim::storm {

/// A job as the Machine Manager sees it.
struct JobRequest {
  int id = 0; // its number: ties are broken by it
  unsigned processes = 0;
  double submit = 0;         // s
  double estimate = 0;       // s: the user's runtime estimate, for backfilling (0: none given)
  std::vector<unsigned> pes; // explicit placement: rank r on machine PE pes[r] (node x PEs per node + PE); empty:
                             // the matrix places it
};

/// What the Machine Manager saw of a job.
struct JobRecord {
  double start = -1;     // s: it was dispatched (-1: never)
  double end = -1;       // s: its last rank returned (-1: never)
  double launched = -1;  // s: with a launch, its binary was sent and its NMs had the launch command
  std::vector<PeId> pes; // its rank r ran on pes[r]
};

/// A job's process holding a PE over an interval (a Gantt chart's box).
struct GanttBox {
  PeId pe;
  int job = 0;
  double from = 0, to = 0; // s
};

struct MachineSpec {
  unsigned nodes = 0, pes_per_node = 0;
  double quantum = 0; // s: the Machine Manager's tick
  const Algorithm* algorithm = nullptr;
  unsigned rows = 1; // the matrix's rows: the multiprogramming level (1 without time sharing)
  Backfill backfill;
  PolicySpec policy;      // the Node Managers' local parameters (time sharing only)
  double switch_cost = 0; // s of a PE per context switch
  CacheSpec cache;
  MemorySpec memory;
  std::optional<launch::LaunchSpec> launch; // launch.model = storm; none: the binaries are already on the nodes
};

/// The machine the Machine Manager acts on.
struct MachineAccess {
  const qsnet::Platform& platform;
  bcs::core::QsNetHw& core;         // its heartbeats and launches ride on the hardware primitives
  const elan3::HostInterface& host; // the file helpers' host processes
};

class MachineManager {
public:
  /// Quanta in a row without CPU work done, an MPI call completed or a job ended before the time-sharing Machine
  /// Manager stops switching (a deadlocked job would otherwise keep it strobing forever). A guard of the simulator,
  /// not of STORM.
  static constexpr int kGiveUpQuanta = 1000;
  /// Less progress than this in a quantum is none: a second of CPU counts 1 in progress(), so this is 1 ns of work,
  /// the resolution of every result. A paging that takes the whole quantum can end a rounding before the next
  /// switch (picoseconds, at SimGrid's 1 ps event precision) and leave a sliver of CPU that is no work.
  static constexpr double kNoProgress = 1e-9;

  MachineManager(MachineAccess machine, MachineSpec spec, std::vector<JobRequest> jobs, JobHost& host);
  ~MachineManager();
  /// Creates the Node Managers' and the Machine Manager's actors; the caller runs the engine.
  void start();

  bool time_sharing() const { return !nms_.empty(); }
  NodeManager& node_manager(unsigned node) { return *nms_.at(node); }
  const std::vector<JobRecord>& records() const { return records_; }
  /// It gave up because for kGiveUpQuanta quanta the processes did nothing but page.
  bool thrashing() const { return thrashing_; }
  /// Who held each PE when: under time sharing each holding between context switches, else each job's PEs from
  /// its start to its end. By PE, then time.
  std::vector<GanttBox> gantt() const;
  /// FCS: every process's class from each time it changed, by node then process then time (empty otherwise).
  std::vector<NodeManager::ClassChange> classes() const;

private:
  void run();
  /// At tick k: notes the jobs that ended before it, queues those submitted up to it, places what fits.
  /// Returns true when a job ended at the tick itself (noted at the next one).
  bool tick(std::int64_t k);
  void dispatch(const GangMatrix::Placed& placed);
  /// Runs the job to its end on the calling actor (started already, or now with `exec_cost`) and notes its end.
  void run_job(int id, std::optional<double> exec_cost);
  /// Time sharing: row `row` runs from now; the multicast lands on every node's NM.
  void global_switch(unsigned row);
  /// CPU seconds given to processes and MPI calls completed so far (the stall guard's measure).
  double progress() const;
  /// Switch-ins that paged so far, on every PE.
  std::uint64_t pagings() const;

  MachineAccess machine_;
  MachineSpec spec_;
  std::vector<JobRequest> jobs_; // by id
  JobHost& host_;
  std::vector<JobRecord> records_; // by id
  std::unique_ptr<Policy> policy_; // null: space sharing
  GangMatrix matrix_;
  std::vector<std::int64_t> tick_of_; // by job: the tick of its submission
  std::vector<int> by_submit_;        // job numbers in submission order
  std::size_t next_ = 0, done_ = 0;   // submitted so far, noted ended so far
  std::vector<char> noted_;
  double noted_calls_ = 0; // MPI calls completed by the jobs noted ended (progress() reads only running jobs)
  std::uint64_t pagings_at_progress_ = 0; // pagings() when the MM last saw progress
  bool thrashing_ = false;
  std::vector<std::unique_ptr<NodeManager>> nms_; // by node (time sharing only)
  std::unique_ptr<base::PoolHolder> holder_;      // the MM keeps the simulation open for the jobs' DMAs
  std::optional<unsigned> row_;                   // the row running now
  // With a launch: every node's file helper, and each job's launch (by id, once placed).
  std::vector<std::unique_ptr<launch::FileHelper>> helpers_;
  std::vector<std::unique_ptr<launch::ProcessLaunch>> launches_;
  base::TimedSemaphore ended_; // a job's last rank returned
};

} // namespace bcssim::storm
