#pragma once
// A workload on the machine: STORM's Machine Manager (thesis ch. 4 §4.2.1) queues the jobs as they are submitted
// and places each in the Ousterhout matrix of the scheduling algorithm (one row for fcfs). The MM is clock-based:
// it acts at ticks of scheduler.quantum ("operating only at regular ticks", §4.2.1), where it notes the jobs that
// ended before the tick, queues those submitted up to it, and places what the matrix allows. Under gang
// scheduling it then multicasts the global context switch to the next row, and each node's Node Manager gives
// every local PE to the process of that row's job (§4.2.1, "Heartbeat/strobe"). Ties are broken by job number.
#include "sim/kinds/workload/jobs.hpp"
#include "sim/machine/world.hpp"
#include "mpi/comm.hpp"
#include "storm/gang_matrix.hpp"
#include "storm/pe.hpp"

#include <simgrid/s4u/Semaphore.hpp>

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
  std::vector<storm::PeId> pes; // its rank r ran on pes[r]
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

private:
  /// A process's CPU work on its time-shared PE.
  struct PeCpu final : mpi::ProcessCpu {
    PeCpu(storm::Pe& pe, storm::ProcessKey key) : pe(pe), key(key) {}
    void execute(double flops) override { pe.execute(key, flops); }
    storm::Pe& pe;
    storm::ProcessKey key;
  };
  void machine_manager();
  /// At tick k: notes the jobs that ended before it, queues those submitted up to it, places what fits.
  /// Returns true when a job ended at the tick itself (noted at the next one).
  bool tick(std::int64_t k);
  void launch(const storm::GangMatrix::Placed& placed);
  /// Gang scheduling: row `row` runs from now; the multicast lands on every node's NM.
  void global_switch(unsigned row);
  void node_manager(unsigned node);
  std::size_t pe_index(storm::PeId p) const { return std::size_t(p.node) * pes_per_node_ + p.pe; }
  /// CPU seconds given to processes and MPI calls completed so far (the gang MM's deadlock guard).
  double progress() const;

  World& world_;
  std::vector<WorkloadJob> jobs_; // by id; never resized (the applications read their parameters there)
  std::vector<std::unique_ptr<MpiJob>> mpi_jobs_; // by id, once started
  std::vector<JobOutcome> outcomes_;
  double tick_;
  bool time_shared_;      // gang scheduling: PEs shared by the rows' processes
  unsigned nodes_, pes_per_node_;
  storm::GangMatrix matrix_;
  std::vector<std::int64_t> tick_of_; // by job: the tick of its submission
  std::vector<int> by_submit_;        // job numbers in submission order
  std::size_t next_ = 0, done_ = 0;   // submitted so far, noted ended so far
  std::vector<char> noted_;
  std::vector<std::unique_ptr<storm::Pe>> pes_;  // by pe_index (time-shared only)
  std::vector<std::unique_ptr<PeCpu>> cpus_;
  std::map<std::pair<unsigned, std::size_t>, storm::ProcessKey> who_; // (row, PE) -> its process
  std::optional<unsigned> row_;                 // the row running now
  std::vector<unsigned> nm_row_;                // by node: the row its NM was told to run
  std::vector<simgrid::s4u::SemaphorePtr> nm_wake_; // by node: a global context switch landed
  simgrid::s4u::SemaphorePtr ended_ = simgrid::s4u::Semaphore::create(0); // a job's last rank returned
};

} // namespace bcssim::sim
