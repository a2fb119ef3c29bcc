#pragma once
// A workload on the machine: STORM's Machine Manager (thesis ch. 4 §4.2.1) queues the jobs as they are submitted
// and places each in the Ousterhout matrix of the scheduling algorithm (one row for fcfs). The MM is clock-based:
// it acts at ticks of scheduler.quantum ("operating only at regular ticks", §4.2.1), where it notes the jobs that
// ended before the tick, queues those submitted up to it, and places what the matrix allows. Under gang
// scheduling it then multicasts the global context switch to the next row, and each node's Node Manager gives
// every local PE to the process of that row's job (§4.2.1, "Heartbeat/strobe"). Every time-sharing algorithm
// (storm/algorithms.hpp) gets these heartbeats; what each Node Manager makes of them, and of its processes'
// blocking calls, is the algorithm's local policy (storm::NodeManager). Ties are broken by job number.
#include "base/actor_pool.hpp"
#include "base/timed_semaphore.hpp"
#include "sim/kinds/workload/jobs.hpp"
#include "sim/machine/world.hpp"
#include "mpi/comm.hpp"
#include "storm/algorithms.hpp"
#include "storm/gang_matrix.hpp"
#include "storm/node_manager.hpp"
#include "storm/launch/process_launch.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::sim {

class MpiJob;

struct JobOutcome {
  int id = 0;
  std::string app;
  unsigned processes = 0;
  double submit = 0; // s
  double start = -1; // s: the MM started it (-1: never)
  double end = -1;   // s: its last rank returned (-1: never)
  double dedicated = 0; // s: its run time in dedicated mode, T_d (an SWF record's run time; 0: unknown)
  std::vector<storm::PeId> pes; // its rank r ran on pes[r]
  double launched = -1; // s: launch.model = storm: its binary was sent and its NMs had the launch command
};

/// A job's process holding a PE over an interval (the Gantt chart's box).
struct GanttBox {
  storm::PeId pe;
  int job = 0;
  double from = 0, to = 0; // s
};

class WorkloadRun {
public:
  WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs);
  ~WorkloadRun();
  /// Creates the Machine Manager's actor; the caller runs the engine, then calls check().
  void start();
  /// Throws DeadlockError (or a job's failure) when a job did not finish.
  void check() const;
  const std::vector<JobOutcome>& outcomes() const { return outcomes_; }
  /// Who held each PE when: under time sharing each holding between context switches, else each job's PEs from
  /// its start to its end. By PE, then time.
  std::vector<GanttBox> gantt() const;
  /// FCS: every process's class from each time it changed, by node then process then time (empty otherwise).
  std::vector<storm::NodeManager::ClassChange> classes() const;

private:
  /// A process on a time-shared PE: its CPU work and blocking waits go through its Node Manager.
  struct PeCpu final : mpi::ProcessCpu {
    PeCpu(storm::NodeManager& nm, storm::ProcessKey key) : nm(nm), key(key) {}
    void execute(double flops) override { nm.execute(key, flops); }
    void wait(const std::function<void()>& block, const std::function<bool(double)>& block_until) override
    {
      nm.wait(key, block, block_until);
    }
    void exit() override { nm.exit(key); }
    storm::NodeManager& nm;
    storm::ProcessKey key;
  };
  void machine_manager();
  /// At tick k: notes the jobs that ended before it, queues those submitted up to it, places what fits.
  /// Returns true when a job ended at the tick itself (noted at the next one).
  bool tick(std::int64_t k);
  void launch(const storm::GangMatrix::Placed& placed);
  /// Starts the job's processes now and notes its end when its last rank returns (on the calling actor).
  void run_job(int id, mpi::RankMain main);
  /// Time sharing: row `row` runs from now; the multicast lands on every node's NM.
  void global_switch(unsigned row);
  /// CPU seconds given to processes and MPI calls completed so far (the gang MM's deadlock guard).
  double progress() const;
  /// Switch-ins that paged so far, on every PE.
  std::uint64_t pagings() const;
  std::uint64_t pagings_at_progress_ = 0; // pagings() when the MM last saw progress
  bool thrashing_ = false;                // the MM gave up while the processes only paged

  World& world_;
  std::vector<WorkloadJob> jobs_; // by id
  std::vector<std::unique_ptr<const Scenario>> scenarios_; // by id, resolved when the job starts (its application
                                                           // reads its parameters there until the end)
  std::vector<std::unique_ptr<MpiJob>> mpi_jobs_; // by id, once started
  std::vector<JobOutcome> outcomes_;
  double tick_;
  const storm::Algorithm& algorithm_;
  std::unique_ptr<storm::Policy> policy_; // null: space sharing
  unsigned nodes_, pes_per_node_;
  storm::GangMatrix matrix_;
  std::vector<std::int64_t> tick_of_; // by job: the tick of its submission
  std::vector<int> by_submit_;        // job numbers in submission order
  std::size_t next_ = 0, done_ = 0;   // submitted so far, noted ended so far
  std::vector<char> noted_;
  double noted_calls_ = 0; // MPI calls completed by the jobs noted ended (progress() reads only running jobs)
  std::vector<std::unique_ptr<storm::NodeManager>> nms_; // by node (time sharing only)
  std::vector<std::unique_ptr<PeCpu>> cpus_;
  std::unique_ptr<base::PoolHolder> holder_; // the MM keeps the simulation open for the jobs' DMAs
  std::optional<unsigned> row_; // the row running now
  // launch.model = storm: every node's file helper, and each job's launch (by id, once placed).
  std::vector<std::unique_ptr<storm::launch::FileHelper>> helpers_;
  std::vector<std::unique_ptr<storm::launch::ProcessLaunch>> launches_;
  base::TimedSemaphore ended_; // a job's last rank returned
};

} // namespace bcssim::sim
