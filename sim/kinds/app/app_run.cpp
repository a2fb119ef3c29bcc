#include "sim/kinds/app/app_run.hpp"

#include "sim/kinds/app/params.hpp"

#include "apps/app.hpp"
#include "base/event_stream.hpp"
#include "bcs/mds/params.hpp"
#include "bcs/runtime/params.hpp"
#include "models/qsnet/params.hpp"
#include "mpi/bcs/bcs_comm.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/mpi_job.hpp"

#include <simgrid/s4u/Actor.hpp>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;
namespace {

// The number of ranks app.processes asks for (0 = every PE).
unsigned app_processes(const Scenario& sc)
{
  const unsigned n = sc.spec(app_params()).processes;
  return unsigned(n > 0 ? n : machine_size(sc).pes());
}

} // namespace

apps::JobContext app_context(const Scenario& sc, unsigned ranks)
{
  return apps::JobContext{ranks, sc.spec(qsnet::platform_params()).node.pe_speed, sc.seed()};
}

unsigned app_ranks(const Scenario& sc) { return app_processes(sc); }

AppRun::AppRun(World& world, const Scenario& scenario) : world_(world), scenario_(scenario) {}

AppRun::~AppRun() = default;

void AppRun::start()
{
  const unsigned ranks = app_processes(scenario_);
  const std::string app = scenario_.spec(app_params()).name;
  holder_ = std::make_unique<base::PoolHolder>(); // before any rank starts a DMA
  job_ = std::make_unique<MpiJob>(world_, scenario_, app, placement_of(scenario_, ranks));
  // How many slices each call took (call_slices.csv), on the baseline too: the same grid, for comparison.
  job_->count_boundaries(scenario_.spec(bcs::runtime::runtime_params()).slice);
  job_->start(apps::find(app).main(scenario_, app_context(scenario_, ranks)));
  // The driver only ends the backend's NIC threads once every rank has returned, and itself once the DMAs the
  // ranks started have ended.
  sg4::Actor::create("app_driver", world_.platform().cpu(0), [this] {
    job_->join();
    holder_->drain();
  });
}

void AppRun::check() const { job_->check_finished("application '" + scenario_.spec(app_params()).name + "'"); }

AppResult AppRun::result() const
{
  const mpi::Job& job = job_->job();
  AppResult r;
  r.app = scenario_.spec(app_params()).name;
  r.variant = apps::find(r.app).variant(scenario_);
  r.mpi = scenario_.mpi();
  r.processes = job.placement().size();
  r.nodes = unsigned(job.placement().nodes().size());
  r.time_ns = base::to_ns(job.makespan());
  r.profile = job.profile();
  // The MDS belongs to BCS-MPI (000 §5): its processes' MMDS and its runtime's EMDS.
  if (scenario_.spec(bcs::mds::mmds_params()).enabled)
    for (unsigned rank = 0; rank < r.processes; ++rank)
      if (const auto* comm = dynamic_cast<const mpi::bcs_mpi::BcsComm*>(&job.comm(int(rank))))
        r.mmds.push_back(comm->mmds());
  if (world_.has_bcs_runtime() && scenario_.spec(bcs::mds::emds_params()).enabled) {
    r.emds = true;
    r.emds_global = world_.bcs_runtime().emds().global();
    r.emds_local = world_.bcs_runtime().emds().local();
    r.emds_plot_node = scenario_.spec(emds_plot_params()).node;
  }
  return r;
}

} // namespace bcssim::sim
