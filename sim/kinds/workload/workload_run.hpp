#pragma once
// A workload on the machine: STORM's Machine Manager (storm/machine_manager) decides when and where each job runs;
// this front end makes each job's processes (an MPI job of its application, on the Node Managers' PEs under time
// sharing) and runs them, and gathers what the run gives the reports.
#include "mpi/comm.hpp"
#include "sim/kinds/workload/jobs.hpp"
#include "sim/machine/world.hpp"
#include "storm/machine_manager/machine_manager.hpp"

#include <memory>
#include <string>
#include <vector>

namespace bcssim::sim {

class MpiJob;

struct JobOutcome {
  int id = 0;
  std::string app;
  unsigned processes = 0;
  double submit = 0;            // s
  double start = -1;            // s: the MM started it (-1: never)
  double end = -1;              // s: its last rank returned (-1: never)
  double dedicated = 0;         // s: its run time in dedicated mode, T_d (an SWF record's run time; 0: unknown)
  std::vector<storm::PeId> pes; // its rank r ran on pes[r]
  double launched = -1;         // s: launch.model = storm: its binary was sent and its NMs had the launch command
};

using GanttBox = storm::GanttBox;

class WorkloadRun final : public storm::JobHost {
public:
  WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs);
  ~WorkloadRun() override;
  /// Creates the Machine Manager's actor; the caller runs the engine, then calls check().
  void start_machine_manager();
  /// Throws DeadlockError (or a job's failure) when a job did not finish.
  void check() const;
  std::vector<JobOutcome> outcomes() const;
  std::vector<GanttBox> gantt() const { return mm_->gantt(); }
  std::vector<storm::NodeManager::ClassChange> classes() const { return mm_->classes(); }

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
  // storm::JobHost
  void place(int id, const std::vector<storm::PeId>& pes, unsigned row) override;
  void start(int id, std::optional<double> exec_cost) override;
  void join(int id) override;
  double calls(int id) const override;

  World& world_;
  std::vector<WorkloadJob> jobs_;                          // by id
  std::vector<std::unique_ptr<const Scenario>> scenarios_; // by id, resolved when the job starts (its application
                                                           // reads its parameters there until the end)
  std::vector<std::unique_ptr<MpiJob>> mpi_jobs_;          // by id, once placed
  std::vector<mpi::RankMain> mains_;                       // by id, from its placement to its start
  std::vector<std::unique_ptr<PeCpu>> cpus_;
  std::unique_ptr<storm::MachineManager> mm_;
};

} // namespace bcssim::sim
