#include "mpi/bcs/backend.hpp"

#include "bcs/runtime/params.hpp"
#include "bcs/runtime/runtime.hpp"
#include "mpi/bcs/bcs_comm.hpp"

#include <fmt/format.h>

namespace bcssim::mpi::bcs_mpi {
namespace {

class BcsJob : public JobBackend {
public:
  BcsJob(bcssim::bcs::runtime::Runtime& runtime, const Placement& placement)
      : runtime_(runtime), nodes_(placement.node_of_ranks()), job_(runtime.new_job(nodes_))
  {
  }
  std::unique_ptr<Comm> make_comm(int rank) override { return std::make_unique<BcsComm>(runtime_, job_, rank, nodes_); }
  /// The Machine Manager launches the job: each node's Node Manager forks its processes (002 §3.5).
  void start(Job& job, RankMain main) override
  {
    job.start(std::move(main), [this](Job::Fork fork) { runtime_.launch(job_, std::move(fork)); });
  }

  std::string diagnose_stall() const override
  {
    const auto& stall = runtime_.stall();
    if (!stall)
      return {};
    const double slice = runtime_.spec().slice;
    const std::string value = fmt::format("{:g}us", slice * 1e6);
    const std::string stopped = fmt::format("the runtime stopped after {} slices in which nothing moved, at t = "
                                            "{:.3f} ms",
                                            stall->idle_slices, double(stall->slice) * slice * 1e3);
    if (stall->slice_needs >= slice) // strobes ran ever later: point to point never had time to move a byte
      throw base::ParamRuleError(base::ParamError{
          "bcs.runtime.slice", value,
          fmt::format("a slice longer than {:.1f}us on this machine: its other microphases and their microstrobes "
                      "took that long, leaving the point-to-point microphase no time to move data ({})",
                      stall->slice_needs * 1e6, stopped)});
    if (stall->starved) // on time, but the time left for point to point is taken by a chunk's fixed costs
      throw base::ParamRuleError(base::ParamError{
          "bcs.runtime.slice", value,
          fmt::format("a longer slice: the Buffer Receivers had {:.2f}us left for the point-to-point microphase, "
                      "which a chunk's fixed costs (its DMA descriptor, the get's request, the sender's DMA "
                      "start-up and the route's latency) take whole, leaving no time for a byte at {:.3g} MB/s "
                      "({})",
                      stall->p2p_left * 1e6, stall->p2p_rate / 1e6, stopped)});
    return fmt::format("the BCS-MPI runtime saw nothing move for {} slices while every process waited, and stopped "
                       "at slice {}",
                       stall->idle_slices, stall->slice);
  }

private:
  bcssim::bcs::runtime::Runtime& runtime_;
  std::vector<unsigned> nodes_;
  int job_;
};

} // namespace

mpi::Backend backend()
{
  return mpi::Backend{
      "bcs",
      "BCS-MPI",
      "BCS-MPI (parameters bcs.*)",
      {},
      [](const MachineAccess& m, const base::ParamSource&, const Placement& placement) {
        return std::make_unique<BcsJob>(m.bcs_runtime(), placement);
      },
      // The message-level tier folds the BS, BR and DH into the Strobe Receiver, with closed forms
      // of the stage model's own put and get (bcs/runtime/buffer_sender.cpp, elan3/dma.cpp):
      // nothing to measure first.
      "#d62728",
      MessageTier{},
      [](const base::ParamSource& source) { return bcs::runtime::runtime_params().build(source).slice; }};
}

} // namespace bcssim::mpi::bcs_mpi
