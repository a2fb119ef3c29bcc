#include "mpi/bcs/bcs_comm.hpp"
#include "sim/kinds/app/app_run.hpp"

#include "apps/sage_proxy/sage.hpp"
#include "apps/sweep3d_proxy/sweep3d.hpp"
#include "apps/synthetic/synthetic.hpp"
#include "base/event_stream.hpp"
#include "sim/machine/mpi_job.hpp"

#include <simgrid/s4u/Actor.hpp>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;
namespace {

// The number of ranks app.processes asks for (0 = every PE).
unsigned app_processes(const Scenario& sc)
{
  const std::int64_t n = sc.integer("app.processes");
  return unsigned(n > 0 ? n : sc.integer("platform.nodes") * sc.integer("platform.pes_per_node"));
}

// sweep3d.npe_i resolved for `ranks` ("auto" = the squarest grid).
int sweep3d_npe_i(const Scenario& sc, unsigned ranks)
{
  if (sc.raw("sweep3d.npe_i").is_number_integer())
    return int(sc.integer("sweep3d.npe_i"));
  int npe_i = 1, npe_j = 1;
  apps::sweep3d::square_grid(int(ranks), npe_i, npe_j);
  return npe_i;
}

apps::synthetic::Spec synthetic_spec(const Scenario& sc)
{
  apps::synthetic::Spec s;
  s.pattern = apps::synthetic::parse_pattern(sc.text("synthetic.pattern"));
  s.granularity = sc.quantity("synthetic.granularity");
  s.iterations = int(sc.integer("synthetic.iterations"));
  s.neighbours = int(sc.integer("synthetic.neighbours"));
  s.message_bytes = std::uint64_t(sc.quantity("synthetic.message_size"));
  s.imbalance = sc.real("synthetic.imbalance");
  s.variability = sc.real("synthetic.variability");
  s.seed = std::uint64_t(sc.integer("seed"));
  return s;
}

apps::sweep3d::Spec sweep3d_spec(const Scenario& sc, unsigned ranks)
{
  apps::sweep3d::Spec s;
  s.npe_i = sweep3d_npe_i(sc, ranks);
  s.npe_j = int(ranks) / s.npe_i;
  const bool per_process = sc.text("sweep3d.cells") == "per_process";
  s.it_g = int(sc.integer("sweep3d.it")) * (per_process ? s.npe_i : 1);
  s.jt_g = int(sc.integer("sweep3d.jt")) * (per_process ? s.npe_j : 1);
  s.kt = int(sc.integer("sweep3d.kt"));
  s.mm = int(sc.integer("sweep3d.mm"));
  s.mmi = int(sc.integer("sweep3d.mmi"));
  s.mk = int(sc.integer("sweep3d.mk"));
  s.iterations = int(sc.integer("sweep3d.iterations"));
  s.grind = sc.real("sweep3d.grind_cycles") / sc.quantity("platform.pe_speed");
  s.variant = apps::sweep3d::parse_variant(sc.text("sweep3d.variant"));
  return s;
}

apps::sage::Spec sage_spec(const Scenario& sc)
{
  apps::sage::Spec s;
  s.cells_per_process = sc.integer("sage.cells_per_process");
  s.cycles = int(sc.integer("sage.cycles"));
  s.exchanges = int(sc.integer("sage.exchanges"));
  s.allreduces = int(sc.integer("sage.allreduces"));
  s.ghost_bytes = std::uint64_t(sc.quantity("sage.ghost_size"));
  s.cell_time = sc.real("sage.cell_cycles") / sc.quantity("platform.pe_speed");
  s.imbalance = sc.real("sage.imbalance");
  s.variability = sc.real("sage.variability");
  s.seed = std::uint64_t(sc.integer("seed"));
  return s;
}

// The runs.csv "variant" of an application: what distinguishes its runs beyond the processes.
std::string app_variant(const Scenario& sc, const std::string& app)
{
  if (app == "synthetic")
    return sc.text("synthetic.pattern");
  if (app == "sweep3d")
    return sc.text("sweep3d.variant");
  return "E=" + std::to_string(sc.integer("sage.cells_per_process"));
}

} // namespace

AppRun::AppRun(World& world, const Scenario& scenario) : world_(world), scenario_(scenario) {}

AppRun::~AppRun() = default;

void AppRun::start()
{
  const unsigned ranks = app_processes(scenario_);
  const std::string app = scenario_.text("app.name");
  job_ = std::make_unique<MpiJob>(world_, scenario_, app, placement_of(scenario_, ranks));
  if (app == "synthetic")
    job_->start([spec = synthetic_spec(scenario_)](mpi::Comm& c) { apps::synthetic::run(c, spec); });
  else if (app == "sweep3d")
    job_->start([spec = sweep3d_spec(scenario_, ranks)](mpi::Comm& c) { apps::sweep3d::run(c, spec); });
  else
    job_->start([spec = sage_spec(scenario_)](mpi::Comm& c) { apps::sage::run(c, spec); });
  // The driver only ends the backend's NIC threads once every rank has returned.
  sg4::Actor::create("app_driver", world_.platform().cpu(0), [this] { job_->join(); });
}

void AppRun::check() const { job_->check_finished("application '" + scenario_.text("app.name") + "'"); }

AppResult AppRun::result() const
{
  const mpi::Job& job = job_->job();
  AppResult r;
  r.app = scenario_.text("app.name");
  r.variant = app_variant(scenario_, r.app);
  r.mpi = scenario_.text("mpi");
  r.processes = job.placement().size();
  r.nodes = unsigned(job.placement().nodes().size());
  r.time_ns = base::to_ns(job.makespan());
  r.profile = job.profile();
  if (r.mpi == "bcs" && scenario_.flag("bcs.mds.mmds"))
    for (unsigned rank = 0; rank < r.processes; ++rank)
      r.mmds.push_back(dynamic_cast<const mpi::bcs::BcsComm&>(job.comm(int(rank))).mmds());
  if (r.mpi == "bcs" && scenario_.flag("bcs.mds.emds")) {
    r.emds = true;
    r.emds_global = world_.bcs_runtime().emds().global();
    r.emds_local = world_.bcs_runtime().emds().local();
    r.emds_plot_node = unsigned(scenario_.integer("bcs.mds.plot_node"));
  }
  return r;
}

} // namespace bcssim::sim
