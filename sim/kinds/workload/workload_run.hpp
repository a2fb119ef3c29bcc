#pragma once
// A workload on the machine: STORM's Machine Manager (thesis ch. 4 §4.2.1) queues the jobs as they are submitted
// and starts each on the PEs the scheduling algorithm gives it. The MM is clock-based: it acts at ticks of
// scheduler.quantum ("operating only at regular ticks", §4.2.1), where it notes the jobs that ended before the
// tick, queues those submitted up to it, and starts what the algorithm allows. Ties are broken by job number.
#include "sim/kinds/workload/jobs.hpp"
#include "sim/machine/world.hpp"
#include "storm/batch_queue.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <memory>
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

class WorkloadRun {
public:
  WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs);
  ~WorkloadRun();
  /// Creates the Machine Manager's actor; the caller runs the engine, then calls check().
  void start();
  /// Throws DeadlockError (or a job's failure) when a job did not finish.
  void check() const;
  const std::vector<JobOutcome>& outcomes() const { return outcomes_; }

private:
  void machine_manager();
  void launch(int id, const std::vector<storm::PeId>& pes);

  World& world_;
  const Scenario& scenario_;
  std::vector<WorkloadJob> jobs_; // by id; never resized (the applications read their parameters there)
  std::vector<std::unique_ptr<MpiJob>> mpi_jobs_; // by id, once started
  std::vector<JobOutcome> outcomes_;
  double tick_;
  simgrid::s4u::SemaphorePtr ended_ = simgrid::s4u::Semaphore::create(0); // a job's last rank returned
};

} // namespace bcssim::sim
