#pragma once
// Kind "app": one application (app.name) as one MPI job on the scenario's machine and backend. Its result is
// the job's makespan and its MPI calls per primitive.
#include "apps/app.hpp"
#include "base/actor_pool.hpp"
#include "bcs/mds/emds.hpp"
#include "bcs/mds/mmds.hpp"
#include "mpi/comm.hpp"
#include "sim/config/scenario.hpp"
#include "sim/machine/world.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

struct AppResult {
  std::string app;     // app.name
  std::string variant; // synthetic.pattern, sweep3d.variant or SAGE's cells per process
  std::string mpi;     // backend
  unsigned processes = 0;
  unsigned nodes = 0;
  std::int64_t time_ns = 0;         // from the job's start to the last rank's return
  mpi::CallProfile profile;         // every rank's MPI calls, summed per primitive
  std::vector<bcs::mds::Mmds> mmds; // by rank: each process's MMDS (BCS-MPI with bcs.mds.mmds), else empty
  bool emds = false;                // BCS-MPI with bcs.mds.emds: the runtime's records follow
  std::vector<bcs::mds::GlobalRecord> emds_global;
  std::vector<bcs::mds::LocalRecord> emds_local;
  unsigned emds_plot_node = 0;
};

class MpiJob;

/// The ranks app.processes asks for (0 = every PE of the machine).
unsigned app_ranks(const Scenario& sc);
/// What the application learns of its job.
apps::JobContext app_context(const Scenario& sc, unsigned ranks);

class AppRun {
public:
  AppRun(World& world, const Scenario& scenario);
  ~AppRun();
  /// Creates the driver actor; the caller runs the engine, then calls check() and result().
  void start();
  /// Throws DeadlockError when the application did not finish.
  void check() const;
  AppResult result() const;

private:
  World& world_;
  const Scenario& scenario_;
  std::unique_ptr<MpiJob> job_;
  std::unique_ptr<base::PoolHolder> holder_; // the driver keeps the simulation open for the ranks' DMAs
};

} // namespace bcssim::sim
