#include "sim/kinds/workload/workload_run.hpp"

#include "apps/app.hpp"
#include "base/event_stream.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/workload/scheduler_params.hpp"
#include "sim/machine/mpi_job.hpp"
#include "storm/launch/params.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_kinds_workload_workload_run,
                             "sim.kinds.workload.workload_run: A workload on the machine");

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;
namespace {

// Quanta in a row without CPU work done, an MPI call completed or a job ended before the gang MM stops switching
// (a deadlocked job would otherwise keep it strobing forever). A guard of the simulator, not of STORM.
constexpr int kGiveUpQuanta = 1000;

unsigned matrix_rows(const Scenario& sc)
{
  return storm::algorithm(sc.text("scheduler.algorithm")).make == nullptr ? 1 : unsigned(sc.integer("scheduler.mpl"));
}

storm::Backfill backfill(const Scenario& sc)
{
  return storm::Backfill{sc.text("scheduler.backfill") == "easy", double(matrix_rows(sc))};
}

double calls(const MpiJob& job) { return double(job.job().calls()); }

} // namespace

WorkloadRun::WorkloadRun(World& world, const Scenario& scenario, std::vector<WorkloadJob> jobs)
    : world_(world), jobs_(std::move(jobs)), scenarios_(jobs_.size()), mpi_jobs_(jobs_.size()),
      tick_(scenario.quantity("scheduler.quantum")), algorithm_(storm::algorithm(scenario.text("scheduler.algorithm"))),
      nodes_(unsigned(scenario.integer("platform.nodes"))),
      pes_per_node_(unsigned(scenario.integer("platform.pes_per_node"))),
      matrix_(nodes_, pes_per_node_, matrix_rows(scenario), backfill(scenario)), tick_of_(jobs_.size()), by_submit_(jobs_.size()),
      noted_(jobs_.size(), 0)
{
  for (const WorkloadJob& j : jobs_)
    outcomes_.push_back(JobOutcome{j.id, j.app, j.processes, j.submit, -1, -1, j.dedicated, {}});
  // The tick at which each job is submitted (the first at or after its submit time); submission order: tick,
  // then job number.
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    tick_of_[id] = std::int64_t(std::ceil(jobs_[id].submit / tick_ - 1e-9));
  std::iota(by_submit_.begin(), by_submit_.end(), 0);
  std::stable_sort(by_submit_.begin(), by_submit_.end(),
                   [this](int a, int b) { return tick_of_[std::size_t(a)] < tick_of_[std::size_t(b)]; });
  if (scenario.text("launch.model") == "storm") {
    launches_.resize(jobs_.size());
    for (unsigned n = 0; n < nodes_; ++n)
      helpers_.push_back(std::make_unique<storm::launch::FileHelper>(world_.host(), world_.platform().cpu(n), n));
  }
  if (algorithm_.make != nullptr) {
    policy_ = algorithm_.make(policy_spec(scenario));
    const double cost = scenario.quantity("scheduler.context_switch");
    const storm::CacheSpec cache = scenario.spec(storm::cache_params());
    const storm::MemorySpec memory = scenario.spec(storm::memory_params());
    for (unsigned n = 0; n < nodes_; ++n)
      nms_.push_back(std::make_unique<storm::NodeManager>(world_.platform().cpu(n), n, pes_per_node_, *policy_, cost,
                                                          cache, memory));
  }
}

WorkloadRun::~WorkloadRun() = default;

void WorkloadRun::start()
{
  for (auto& nm : nms_)
    nm->start();
  holder_ = std::make_unique<base::PoolHolder>();
  sg4::Actor::create("storm.mm", world_.platform().cpu(0), [this] {
    machine_manager();
    holder_->drain();
  });
}

void WorkloadRun::launch(const storm::GangMatrix::Placed& placed)
{
  const int id = placed.id;
  const WorkloadJob& job = jobs_.at(std::size_t(id));
  std::vector<mpi::Slot> slots;
  for (const storm::PeId& p : placed.pes)
    slots.push_back(mpi::Slot{p.node, p.pe});
  JobOutcome& out = outcomes_.at(std::size_t(id));
  out.start = sg4::Engine::get_clock();
  out.pes = placed.pes;
  base::emit("storm.job.start", std::uint64_t(id));
  XBT_VERB("job %d (%s, %u processes) starts in row %u", id, job.app.c_str(), job.processes, unsigned(placed.row));
  auto& mpi_job = mpi_jobs_.at(std::size_t(id));
  scenarios_.at(std::size_t(id)) = std::make_unique<const Scenario>(job.scenario());
  const Scenario& scenario = *scenarios_.at(std::size_t(id)); // lives as long as the run: the job reads it
  mpi_job = std::make_unique<MpiJob>(world_, scenario, fmt::format("job{}", id), mpi::Placement(slots));
  if (!nms_.empty()) // its processes run only when their Node Managers give them their PEs
    for (std::size_t r = 0; r < placed.pes.size(); ++r) {
      const storm::ProcessKey key{id, int(r)};
      storm::NodeManager& nm = *nms_.at(placed.pes[r].node);
      nm.place(key, placed.pes[r].pe, placed.row, job.priority, scenario.quantity("job.working_set"),
               scenario.quantity("job.footprint"));
      cpus_.push_back(std::make_unique<PeCpu>(nm, key));
      mpi_job->run_on(int(r), cpus_.back().get());
    }
  mpi::RankMain main = apps::find(job.app).main(scenario, app_context(scenario, job.processes));
  if (launches_.empty()) { // the binary is taken as already on the nodes: the processes start now
    mpi_job->start(std::move(main));
    sg4::Actor::create(fmt::format("storm.job{}", id), world_.platform().cpu(placed.pes.front().node),
                       [this, id] { run_job(id, nullptr); });
    return;
  }
  // launch.model = storm: the MM's NIC thread sends the binary and the launch command; each process then spends
  // launch.exec_cost of its PE being forked and exec'ed before the application's main.
  std::set<unsigned> nodes;
  for (const storm::PeId& p : placed.pes)
    nodes.insert(p.node);
  std::vector<storm::launch::FileHelper*> helpers;
  for (auto& h : helpers_)
    helpers.push_back(h.get());
  const storm::launch::LaunchSpec spec = scenario.spec(storm::launch::launch_params());
  launches_.at(std::size_t(id)) = std::make_unique<storm::launch::ProcessLaunch>(
      world_.qsnet_hw(), world_.host(), std::move(helpers), spec, std::vector<unsigned>(nodes.begin(), nodes.end()),
      tick_, std::uint64_t(id));
  const double exec_cost = spec.exec_cost;
  sg4::Actor::create(fmt::format("storm.launch{}", id), world_.platform().nic(0),
                     [this, id, exec_cost, main = std::move(main)] {
                       outcomes_.at(std::size_t(id)).launched = launches_.at(std::size_t(id))->run().command;
                       run_job(id, [exec_cost, main](mpi::Comm& comm) {
                         comm.compute(exec_cost); // fork and exec, on its PE
                         main(comm);
                       });
                     });
}

void WorkloadRun::run_job(int id, mpi::RankMain main)
{
  MpiJob& job = *mpi_jobs_.at(std::size_t(id));
  if (main)
    job.start(std::move(main));
  job.join();
  outcomes_.at(std::size_t(id)).end = sg4::Engine::get_clock();
  base::emit("storm.job.end", std::uint64_t(id));
  XBT_VERB("job %d ends", id);
  ended_.release(); // (each process left its PE as it exited)
}

bool WorkloadRun::tick(std::int64_t k)
{
  const double now = double(k) * tick_;
  // Jobs that ended before this tick, by number: one ending at the tick itself waits for the next, so the order in
  // which actors run at one instant never matters.
  bool ended_at_tick = false;
  for (std::size_t id = 0; id < jobs_.size(); ++id) {
    if (noted_[id] || outcomes_[id].end < 0)
      continue;
    if (outcomes_[id].end < now) {
      noted_[id] = 1;
      ++done_;
      if (const auto& job = mpi_jobs_[id])
        noted_calls_ += calls(*job);
      matrix_.finish(int(id));
    } else {
      ended_at_tick = true;
    }
  }
  for (; next_ < by_submit_.size() && tick_of_[std::size_t(by_submit_[next_])] <= k; ++next_) {
    const WorkloadJob& job = jobs_[std::size_t(by_submit_[next_])];
    if (job.pes.empty()) {
      matrix_.submit(job.id, job.processes, job.estimate);
      continue;
    }
    std::vector<storm::PeId> pes;
    for (unsigned pe : job.pes)
      pes.push_back(storm::PeId{pe / pes_per_node_, pe % pes_per_node_});
    matrix_.submit(job.id, std::move(pes), job.estimate);
  }
  for (const storm::GangMatrix::Placed& p : matrix_.dispatch(now))
    launch(p);
  return ended_at_tick;
}

void WorkloadRun::machine_manager()
{
  double last_progress = -1;
  int idle_quanta = 0;
  for (std::int64_t k = 0;;) {
    sg4::this_actor::sleep_until(double(k) * tick_);
    const bool ended_at_tick = tick(k);
    if (done_ == jobs_.size())
      return;
    const std::int64_t submission = next_ < by_submit_.size() ? tick_of_[std::size_t(by_submit_[next_])]
                                                              : std::numeric_limits<std::int64_t>::max();
    if (!nms_.empty()) {
      row_ = matrix_.next_row(row_); // every quantum, the next row holding a job
      if (!row_) { // nothing placed: sleep until the next submission
        k = std::max(k + 1, submission);
        continue;
      }
      global_switch(*row_);
      const double p = progress();
      idle_quanta = p == last_progress ? idle_quanta + 1 : 0;
      last_progress = p;
      if (idle_quanta == 0)
        pagings_at_progress_ = pagings();
      if (idle_quanta >= kGiveUpQuanta) {
        base::emit("storm.mm.stall", std::uint64_t(idle_quanta));
        if (pagings() > pagings_at_progress_) { // they only paged: the run can never end (docs/model.md)
          thrashing_ = true;
          sg4::Actor::kill_all();
        }
        return; // the blocked jobs end the run with their deadlock report
      }
      ++k;
      continue;
    }
    // Space sharing: until the next submission's tick, or the first tick after a job ends.
    std::int64_t after_end = k + 1;
    if (!ended_at_tick) {
      if (submission == std::numeric_limits<std::int64_t>::max())
        ended_.acquire();
      else
        ended_.acquire_until(double(submission) * tick_);
      after_end = std::int64_t(std::floor(sg4::Engine::get_clock() / tick_ + 1e-9)) + 1;
    }
    k = std::max(k + 1, std::min(submission, after_end));
  }
}

void WorkloadRun::global_switch(unsigned row)
{
  base::emit("storm.switch.row", row);
  bcs::core::XferAndSignal strobe; // one hardware multicast from the management node (STORM's heartbeat)
  strobe.src = 0;
  strobe.dst = bcs::core::NodeSet::range(0, nodes_ - 1);
  strobe.deliver = [this, row](unsigned node) { nms_.at(node)->global_switch(row); };
  bcs::core::CorePrimitives& core = world_.mpi_access().qsnet_hw;
  // Issued by a thread of the management node's NIC, so as not to interrupt its CPU (§4.2.2).
  sg4::Actor::create("storm.strobe", world_.platform().nic(0), [&core, strobe] { core.xfer_and_signal(strobe); });
}

std::uint64_t WorkloadRun::pagings() const
{
  std::uint64_t n = 0;
  for (const auto& nm : nms_)
    for (unsigned pe = 0; pe < nm->pes(); ++pe)
      n += nm->pe(pe).pagings();
  return n;
}

double WorkloadRun::progress() const
{
  double p = double(done_) + noted_calls_;
  for (const auto& nm : nms_)
    for (unsigned pe = 0; pe < nm->pes(); ++pe)
      p += nm->pe(pe).compute_done(); // paging is no progress: a thrashing machine stalls
  // Only the jobs still running: a workload's thousands of ended jobs would make every quantum cost their profiles.
  for (std::size_t id = 0; id < mpi_jobs_.size(); ++id)
    if (mpi_jobs_[id] && !noted_[id])
      p += calls(*mpi_jobs_[id]);
  return p;
}

std::vector<GanttBox> WorkloadRun::gantt() const
{
  std::vector<GanttBox> boxes;
  if (nms_.empty()) {
    for (const JobOutcome& j : outcomes_)
      for (const storm::PeId& p : j.pes)
        boxes.push_back(GanttBox{p, j.id, j.start, j.end});
  } else {
    for (const auto& nm : nms_)
      for (unsigned index = 0; index < nm->pes(); ++index)
        for (const storm::Pe::Holding& h : nm->pe(index).history()) {
          const double end = outcomes_.at(std::size_t(h.who.job)).end;
          const double to = h.to >= 0 ? h.to : end;
          if (to > h.from)
            boxes.push_back(GanttBox{storm::PeId{nm->pe(index).node(), index}, h.who.job, h.from, to});
        }
  }
  std::stable_sort(boxes.begin(), boxes.end(), [](const GanttBox& a, const GanttBox& b) {
    return a.pe < b.pe || (a.pe == b.pe && a.from < b.from);
  });
  return boxes;
}

std::vector<storm::NodeManager::ClassChange> WorkloadRun::classes() const
{
  std::vector<storm::NodeManager::ClassChange> all;
  for (const auto& nm : nms_) {
    std::vector<storm::NodeManager::ClassChange> mine = nm->classes();
    std::stable_sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.who < b.who; });
    all.insert(all.end(), mine.begin(), mine.end());
  }
  return all;
}

void WorkloadRun::check() const
{
  if (thrashing_)
    throw DeadlockError(fmt::format(
        "thrashing: for {} quanta in a row the processes did nothing but page (the footprints of the processes "
        "sharing a node exceed platform.memory.size, and a quantum is too short to page back what the other jobs "
        "pushed out at platform.memory.swap_bandwidth); lower job.footprint, or raise the memory, the swap "
        "bandwidth or scheduler.quantum\n",
        kGiveUpQuanta));
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (mpi_jobs_[id])
      mpi_jobs_[id]->check_finished(fmt::format("job {} ('{}')", id, jobs_[id].app));
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (!mpi_jobs_[id])
      throw std::logic_error(fmt::format("workload: job {} never started (a scheduler bug)", id));
}

} // namespace bcssim::sim
