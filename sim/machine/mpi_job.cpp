#include "sim/machine/mpi_job.hpp"

#include "mpi/bcs/bcs_comm.hpp"
#include "sim/config/specs.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

namespace bcssim::sim {

MpiJob::MpiJob(World& world, const Scenario& scenario, std::string name, mpi::Placement placement)
    : quadrics_(scenario.text("mpi") == "quadrics"
                    ? std::make_unique<mpi::quadrics::Backend>(world.dma(), world.host(), world.qsnet_hw(), placement,
                                                               quadrics_backend_spec(scenario))
                    : nullptr),
      world_(world), bcs_job_(scenario.text("mpi") == "bcs" ? world.bcs_runtime().new_job(placement.node_of_ranks()) : -1),
      job_(std::move(name), placement, [&world](unsigned node) { return world.platform().cpu(node); },
           [this, &world, nodes = placement.node_of_ranks()](int rank) -> std::unique_ptr<mpi::Comm> {
             if (quadrics_)
               return quadrics_->make_comm(rank);
             return std::make_unique<mpi::bcs::BcsComm>(world.bcs_runtime(), bcs_job_, rank, nodes);
           })
{
}

MpiJob::~MpiJob() = default;

void MpiJob::start(mpi::RankMain main)
{
  if (bcs_job_ < 0) {
    job_.start(std::move(main));
    return;
  }
  job_.start(std::move(main), [this](mpi::Job::Fork fork) { world_.bcs_runtime().launch(bcs_job_, std::move(fork)); });
}

void MpiJob::join()
{
  job_.join();
  if (quadrics_)
    quadrics_->stop();
}

void MpiJob::check_finished(const std::string& what) const
{
  if (job_.finished())
    return;
  throw DeadlockError(fmt::format("{} deadlocked: at t = {:.3f} us, {} of {} ranks are blocked and nothing can "
                                  "progress:\n{}",
                                  what, simgrid::s4u::Engine::get_clock() * 1e6, job_.blocked().size(),
                                  job_.placement().size(), job_.report()));
}

mpi::Placement placement_of(const Scenario& scenario, unsigned ranks)
{
  const unsigned pes = unsigned(scenario.integer("platform.pes_per_node"));
  const unsigned machine = unsigned(scenario.integer("platform.nodes"));
  const unsigned nodes = (ranks + pes - 1) / pes;
  if (nodes > machine)
    throw ScenarioError("(job)", fmt::format("{} ranks", ranks),
                        fmt::format("at most platform.nodes x platform.pes_per_node = {} ranks", machine * pes));
  return mpi::Placement(ranks, 0, nodes, pes, mpi::parse_placement(scenario.text("job.placement")));
}

} // namespace bcssim::sim
