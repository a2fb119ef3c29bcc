#include "sim/kinds/workload/workload_run.hpp"

#include "apps/app.hpp"
#include "base/event_stream.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/machine/mpi_job.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;

WorkloadRun::WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs)
    : world_(world), scenario_(scenario), jobs_(std::move(jobs)), mpi_jobs_(jobs_.size()),
      tick_(scenario.quantity("scheduler.quantum"))
{
  for (const WorkloadJob& j : jobs_)
    outcomes_.push_back(JobOutcome{j.id, j.app, j.processes, j.submit, -1, -1, {}});
}

WorkloadRun::~WorkloadRun() = default;

void WorkloadRun::start()
{
  sg4::Actor::create("storm.mm", world_.platform().cpu(0), [this] { machine_manager(); });
}

void WorkloadRun::launch(int id, const std::vector<storm::PeId>& pes)
{
  const WorkloadJob& job = jobs_.at(std::size_t(id));
  std::vector<mpi::Slot> slots;
  for (const storm::PeId& p : pes)
    slots.push_back(mpi::Slot{p.node, p.pe});
  JobOutcome& out = outcomes_.at(std::size_t(id));
  out.start = sg4::Engine::get_clock();
  out.pes = pes;
  base::emit("storm.job.start", std::uint64_t(id));
  auto& mpi_job = mpi_jobs_.at(std::size_t(id));
  mpi_job = std::make_unique<MpiJob>(world_, job.scenario, fmt::format("job{}", id), mpi::Placement(slots));
  mpi_job->start(apps::find(job.app).main(job.scenario, app_context(job.scenario, job.processes)));
  sg4::Actor::create(fmt::format("storm.job{}", id), world_.platform().cpu(pes.front().node), [this, id] {
    mpi_jobs_.at(std::size_t(id))->join();
    outcomes_.at(std::size_t(id)).end = sg4::Engine::get_clock();
    base::emit("storm.job.end", std::uint64_t(id));
    ended_->release();
  });
}

void WorkloadRun::machine_manager()
{
  const unsigned nodes = unsigned(scenario_.integer("platform.nodes"));
  storm::BatchQueue queue(nodes, unsigned(scenario_.integer("platform.pes_per_node")));
  // The tick at which each job is submitted (the first at or after its submit time), and the submission order:
  // tick, then job number.
  std::vector<std::int64_t> tick_of(jobs_.size());
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    tick_of[id] = std::int64_t(std::ceil(jobs_[id].submit / tick_ - 1e-9));
  std::vector<int> by_submit(jobs_.size());
  std::iota(by_submit.begin(), by_submit.end(), 0);
  std::stable_sort(by_submit.begin(), by_submit.end(),
                   [&](int a, int b) { return tick_of[std::size_t(a)] < tick_of[std::size_t(b)]; });
  std::vector<char> noted(jobs_.size(), 0);
  std::size_t next = 0, done = 0;
  for (std::int64_t k = 0;;) {
    sg4::this_actor::sleep_until(double(k) * tick_);
    const double now = double(k) * tick_;
    // Jobs that ended before this tick, by number: one ending at the tick itself waits for the next, so the order
    // in which actors run at one instant never matters.
    bool ended_at_tick = false;
    for (std::size_t id = 0; id < jobs_.size(); ++id) {
      if (noted[id] || outcomes_[id].end < 0)
        continue;
      if (outcomes_[id].end < now) {
        noted[id] = 1;
        ++done;
        queue.finish(int(id));
      } else {
        ended_at_tick = true;
      }
    }
    for (; next < by_submit.size() && tick_of[std::size_t(by_submit[next])] <= k; ++next)
      queue.submit(by_submit[next], jobs_[std::size_t(by_submit[next])].processes);
    for (const auto& [id, pes] : queue.dispatch())
      launch(id, pes);
    if (done == jobs_.size())
      return;
    // The next tick: the next submission's, or the first after a job ends (waiting for that ending, if any).
    const std::int64_t submission =
        next < by_submit.size() ? tick_of[std::size_t(by_submit[next])] : std::numeric_limits<std::int64_t>::max();
    std::int64_t after_end = k + 1;
    if (!ended_at_tick) {
      if (submission == std::numeric_limits<std::int64_t>::max())
        ended_->acquire();
      else
        ended_->acquire_timeout(double(submission) * tick_ - sg4::Engine::get_clock());
      after_end = std::int64_t(std::floor(sg4::Engine::get_clock() / tick_ + 1e-9)) + 1;
    }
    k = std::max(k + 1, std::min(submission, after_end));
  }
}

void WorkloadRun::check() const
{
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (mpi_jobs_[id])
      mpi_jobs_[id]->check_finished(fmt::format("job {} ('{}')", id, jobs_[id].app));
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (!mpi_jobs_[id])
      throw std::logic_error(fmt::format("workload: job {} never started (a scheduler bug)", id));
}

} // namespace bcssim::sim
