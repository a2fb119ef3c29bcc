#pragma once
// An MPI job on the scenario's machine and backend ("mpi", one of mpi::backends()): its placement, the
// backend's per-job state and one Comm per rank. Jobs may run one after another on one World (the MPI microbenchmarks do).
#include "mpi/backend.hpp"
#include "mpi/job.hpp"
#include "sim/config/scenario.hpp"
#include "sim/machine/world.hpp"

#include <memory>
#include <stdexcept>
#include <string>

namespace bcssim::sim {

/// A job that cannot finish: every rank left is blocked in an MPI call.
class DeadlockError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class MpiJob {
public:
  MpiJob(World& world, const Scenario& scenario, std::string name, mpi::Placement placement);
  ~MpiJob();

  /// Starts the ranks: at once on the baseline; on BCS-MPI, as the Machine Manager launches the job.
  void start(mpi::RankMain main);
  /// Called by another actor: returns once every rank has finished, then ends the backend's NIC threads.
  void join();
  const mpi::Job& job() const { return job_; }
  /// Each call of every rank also counts the slice boundaries it spans, for slices of `period` (s).
  void count_boundaries(double period) { job_.count_boundaries(period); }
  /// Rank `rank`'s CPU work runs on `cpu` (a time-shared PE); call before start().
  void run_on(int rank, mpi::ProcessCpu* cpu) { job_.run_on(rank, cpu); }
  /// True when the backend runs this job's barrier and broadcast on network hardware.
  bool hardware_collectives() const { return backend_->hardware_collectives(); }
  /// Throws DeadlockError naming every blocked rank and its call when the job did not finish; first, when a
  /// rank's main threw, that exception (a base::ParamRuleError becomes a ScenarioError: exit 2).
  void check_finished(const std::string& what) const;
  /// Raises what a rank's main threw, if one did (a broken rule of the input as ScenarioError), else nothing: the
  /// first half of check_finished(), for a run of several jobs whose failure killed the others' ranks.
  void raise_failure() const;

private:
  std::unique_ptr<mpi::JobBackend> backend_;
  mpi::Job job_;
};

/// The placement of `ranks` ranks on the scenario's machine (job.placement, platform.pes_per_node), starting at
/// node 0 on as few nodes as they need.
mpi::Placement placement_of(const Scenario& scenario, unsigned ranks);

} // namespace bcssim::sim
