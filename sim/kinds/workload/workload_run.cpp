#include "sim/kinds/workload/workload_run.hpp"

#include "apps/app.hpp"
#include "base/params.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/mpi_job.hpp"
#include "storm/launch/params.hpp"
#include "storm/machine_manager/params.hpp"

#include <fmt/format.h>

namespace bcssim::sim {
namespace {

storm::MachineSpec machine_spec(const Scenario& sc)
{
  const storm::SchedulerSpec scheduler = sc.spec(storm::scheduler_params());
  storm::MachineSpec spec;
  const MachineSize size = machine_size(sc);
  spec.nodes = size.nodes;
  spec.pes_per_node = size.pes_per_node;
  spec.quantum = scheduler.quantum;
  spec.algorithm = &storm::algorithm(scheduler.algorithm);
  spec.rows = spec.algorithm->make == nullptr ? 1 : scheduler.mpl;
  spec.backfill = storm::Backfill{scheduler.easy_backfill, double(spec.rows)};
  if (spec.algorithm->make != nullptr) {
    spec.policy = scheduler.policy;
    // The kernel's switch, then STORM's Node Manager's share (storm/pe_params.hpp).
    spec.switch_cost = sc.spec(storm::kernel_switch_params()).seconds + scheduler.context_switch;
    spec.cache = sc.spec(storm::cache_params());
    spec.memory = sc.spec(storm::memory_params());
  }
  if (sc.spec(storm::launch::launch_model_params()).storm)
    spec.launch = sc.spec(storm::launch::launch_params());
  return spec;
}

std::vector<storm::JobRequest> requests(const std::vector<WorkloadJob>& jobs)
{
  std::vector<storm::JobRequest> out;
  for (const WorkloadJob& j : jobs)
    out.push_back(storm::JobRequest{j.id, j.processes, j.submit, j.estimate, j.pes});
  return out;
}

} // namespace

WorkloadRun::WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs)
    : world_(world), jobs_(std::move(jobs)), scenarios_(jobs_.size()), mpi_jobs_(jobs_.size()), mains_(jobs_.size())
{
  mm_ =
      std::make_unique<storm::MachineManager>(storm::MachineAccess{world_.platform(), world_.qsnet_hw(), world_.host()},
                                              machine_spec(scenario), requests(jobs_), *this);
}

WorkloadRun::~WorkloadRun() = default;

void WorkloadRun::start_machine_manager() { mm_->start(); }

void WorkloadRun::place(int id, const std::vector<storm::PeId>& pes, unsigned row)
{
  const WorkloadJob& job = jobs_.at(std::size_t(id));
  std::vector<mpi::Slot> slots;
  for (const storm::PeId& p : pes)
    slots.push_back(mpi::Slot{p.node, p.pe});
  scenarios_.at(std::size_t(id)) = std::make_unique<const Scenario>(job.scenario());
  const Scenario& scenario = *scenarios_.at(std::size_t(id)); // lives as long as the run: the job reads it
  auto& mpi_job = mpi_jobs_.at(std::size_t(id));
  mpi_job = std::make_unique<MpiJob>(world_, scenario, fmt::format("job{}", id), mpi::Placement(slots));
  if (mm_->time_sharing()) // its processes run only when their Node Managers give them their PEs
    for (std::size_t r = 0; r < pes.size(); ++r) {
      const storm::ProcessKey key{id, int(r)};
      storm::NodeManager& nm = mm_->node_manager(pes[r].node);
      nm.place(key, pes[r].pe, row, job.priority, scenario.spec(storm::working_set_params()).bytes,
               scenario.spec(storm::footprint_params()).bytes);
      cpus_.push_back(std::make_unique<PeCpu>(nm, key));
      mpi_job->run_on(int(r), cpus_.back().get());
    }
  mpi::RankMain main = apps::find(job.app).main(scenario, app_context(scenario, job.processes));
  if (!job.from_swf) // what a rank finds wrong in its input at run time names the job (hostile pass of 2026-12-07:
                     // a trace's MPI_ERR_TRUNCATE named replay.trace, not workload.jobs[1].replay.trace)
    main = [main = std::move(main), prefix = fmt::format("workload.jobs[{}].", id)](mpi::Comm& comm) {
      try {
        main(comm);
      } catch (const base::ParamRuleError& e) {
        throw base::ParamRuleError(base::ParamError{prefix + e.error.path, e.error.value, e.error.allowed});
      }
    };
  mains_.at(std::size_t(id)) = std::move(main);
}

void WorkloadRun::start(int id, std::optional<double> exec_cost)
{
  mpi::RankMain main = std::move(mains_.at(std::size_t(id)));
  if (!exec_cost) {
    mpi_jobs_.at(std::size_t(id))->start(std::move(main));
    return;
  }
  mpi_jobs_.at(std::size_t(id))->start([cost = *exec_cost, main = std::move(main)](mpi::Comm& comm) {
    comm.compute(cost); // fork and exec, on its PE
    main(comm);
  });
}

void WorkloadRun::join(int id) { mpi_jobs_.at(std::size_t(id))->join(); }

double WorkloadRun::calls(int id) const { return double(mpi_jobs_.at(std::size_t(id))->job().calls()); }

std::vector<JobOutcome> WorkloadRun::outcomes() const
{
  std::vector<JobOutcome> out;
  for (const WorkloadJob& j : jobs_) {
    const storm::JobRecord& r = mm_->records().at(std::size_t(j.id));
    out.push_back(JobOutcome{j.id, j.app, j.processes, j.submit, r.start, r.end, j.dedicated, r.pes, r.launched});
  }
  return out;
}

void WorkloadRun::check() const
{
  if (mm_->thrashing())
    throw DeadlockError(fmt::format(
        "thrashing: for {} quanta in a row the processes did nothing but page (the footprints of the processes "
        "sharing a node exceed platform.memory.size, and a quantum is too short to page back what the other jobs "
        "pushed out at platform.memory.swap_bandwidth); lower job.footprint, or raise the memory, the swap "
        "bandwidth or scheduler.quantum\n",
        storm::MachineManager::kGiveUpQuanta));
  // A job whose rank failed killed every actor, other jobs' ranks too: its error first, not their "deadlock"
  // (hostile pass of 2026-12-07: a trace's MPI_ERR_TRUNCATE in job 1 was reported as job 0 deadlocked).
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (mpi_jobs_[id])
      mpi_jobs_[id]->raise_failure();
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (mpi_jobs_[id])
      mpi_jobs_[id]->check_finished(fmt::format("job {} ('{}')", id, jobs_[id].app));
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (!mpi_jobs_[id])
      throw std::logic_error(fmt::format("workload: job {} never started (a scheduler bug)", id));
}

} // namespace bcssim::sim
