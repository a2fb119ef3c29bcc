#include "mpi/bcs/backend.hpp"

#include "bcs/runtime/runtime.hpp"
#include "mpi/bcs/bcs_comm.hpp"

namespace bcssim::mpi::bcs_mpi {
namespace {

class BcsJob : public JobBackend {
public:
  BcsJob(bcssim::bcs::runtime::Runtime& runtime, const Placement& placement)
      : runtime_(runtime), nodes_(placement.node_of_ranks()), job_(runtime.new_job(nodes_))
  {
  }
  std::unique_ptr<Comm> make_comm(int rank) override
  {
    return std::make_unique<BcsComm>(runtime_, job_, rank, nodes_);
  }
  /// The Machine Manager launches the job: each node's Node Manager forks its processes (002 §3.5).
  void start(Job& job, RankMain main) override
  {
    job.start(std::move(main), [this](Job::Fork fork) { runtime_.launch(job_, std::move(fork)); });
  }

private:
  bcssim::bcs::runtime::Runtime& runtime_;
  std::vector<unsigned> nodes_;
  int job_;
};

} // namespace

mpi::Backend backend()
{
  return mpi::Backend{"bcs", "BCS-MPI", "BCS-MPI (parameters bcs.*)", {},
                      [](const MachineAccess& m, const base::ParamSource&, const Placement& placement) {
                        return std::make_unique<BcsJob>(m.bcs_runtime(), placement);
                      }};
}

} // namespace bcssim::mpi::bcs_mpi
