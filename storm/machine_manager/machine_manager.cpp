#include "storm/machine_manager/machine_manager.hpp"

#include "base/event_stream.hpp"
#include "bcs/core/primitives.hpp"
#include "bcs/core/qsnet_hw.hpp"
#include "models/qsnet/platform.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(storm_machine_manager_machine_manager, storm_machine_manager,
                                "storm.machine_manager.machine_manager: STORM's Machine Manager");

namespace bcssim::storm {
namespace sg4 = simgrid::s4u;

MachineManager::MachineManager(MachineAccess machine, MachineSpec spec, std::vector<JobRequest> jobs, JobHost& host)
    : machine_(machine), spec_(std::move(spec)), jobs_(std::move(jobs)), host_(host), records_(jobs_.size()),
      matrix_(spec_.nodes, spec_.pes_per_node, spec_.rows, spec_.backfill), tick_of_(jobs_.size()),
      by_submit_(jobs_.size()), noted_(jobs_.size(), 0)
{
  // The tick at which each job is submitted (the first at or after its submit time); submission order: tick,
  // then job number.
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    tick_of_[id] = std::int64_t(std::ceil(jobs_[id].submit / spec_.quantum - 1e-9));
  std::iota(by_submit_.begin(), by_submit_.end(), 0);
  std::stable_sort(by_submit_.begin(), by_submit_.end(),
                   [this](int a, int b) { return tick_of_[std::size_t(a)] < tick_of_[std::size_t(b)]; });
  if (spec_.launch) {
    launches_.resize(jobs_.size());
    for (unsigned n = 0; n < spec_.nodes; ++n)
      helpers_.push_back(std::make_unique<launch::FileHelper>(machine_.host, machine_.platform.cpu(n), n));
  }
  if (spec_.algorithm->make != nullptr) {
    policy_ = spec_.algorithm->make(spec_.policy);
    for (unsigned n = 0; n < spec_.nodes; ++n)
      nms_.push_back(std::make_unique<NodeManager>(machine_.platform.cpu(n), n, spec_.pes_per_node, *policy_,
                                                   spec_.switch_cost, spec_.cache, spec_.memory));
  }
}

MachineManager::~MachineManager() = default;

void MachineManager::start()
{
  for (auto& nm : nms_)
    nm->start();
  holder_ = std::make_unique<base::PoolHolder>();
  sg4::Actor::create("storm.mm", machine_.platform.cpu(0), [this] {
    run();
    holder_->drain();
  });
}

void MachineManager::dispatch(const GangMatrix::Placed& placed)
{
  const int id = placed.id;
  JobRecord& record = records_.at(std::size_t(id));
  record.start = sg4::Engine::get_clock();
  record.pes = placed.pes;
  base::emit("storm.job.start", std::uint64_t(id));
  XBT_VERB("job %d (%zu processes) starts in row %u", id, placed.pes.size(), unsigned(placed.row));
  host_.place(id, placed.pes, unsigned(placed.row));
  if (!spec_.launch) { // the binary is taken as already on the nodes: the processes start now
    host_.start(id, std::nullopt);
    sg4::Actor::create(fmt::format("storm.job{}", id), machine_.platform.cpu(placed.pes.front().node),
                       [this, id] { run_job(id, std::nullopt); });
    return;
  }
  // A launch: the MM's NIC thread sends the binary and the launch command; each process then spends the launch's
  // exec_cost of its PE being forked and exec'ed before the application's main.
  std::set<unsigned> nodes;
  for (const PeId& p : placed.pes)
    nodes.insert(p.node);
  std::vector<launch::FileHelper*> helpers;
  for (auto& h : helpers_)
    helpers.push_back(h.get());
  launches_.at(std::size_t(id)) = std::make_unique<launch::ProcessLaunch>(
      machine_.core, machine_.host, std::move(helpers), *spec_.launch,
      std::vector<unsigned>(nodes.begin(), nodes.end()), spec_.quantum, std::uint64_t(id));
  const double exec_cost = spec_.launch->exec_cost;
  sg4::Actor::create(fmt::format("storm.launch{}", id), machine_.platform.nic(0), [this, id, exec_cost] {
    records_.at(std::size_t(id)).launched = launches_.at(std::size_t(id))->run().command;
    run_job(id, exec_cost);
  });
}

void MachineManager::run_job(int id, std::optional<double> exec_cost)
{
  if (exec_cost)
    host_.start(id, exec_cost);
  host_.join(id);
  records_.at(std::size_t(id)).end = sg4::Engine::get_clock();
  base::emit("storm.job.end", std::uint64_t(id));
  XBT_VERB("job %d ends", id);
  ended_.release(); // (each process left its PE as it exited)
}

bool MachineManager::tick(std::int64_t k)
{
  const double now = double(k) * spec_.quantum;
  // Jobs that ended before this tick, by number: one ending at the tick itself waits for the next, so the order in
  // which actors run at one instant never matters.
  bool ended_at_tick = false;
  for (std::size_t id = 0; id < jobs_.size(); ++id) {
    if (noted_[id] || records_[id].end < 0)
      continue;
    if (records_[id].end < now) {
      noted_[id] = 1;
      ++done_;
      if (records_[id].start >= 0) // (a job that never started has no calls)
        noted_calls_ += host_.calls(int(id));
      matrix_.finish(int(id));
    } else {
      ended_at_tick = true;
    }
  }
  for (; next_ < by_submit_.size() && tick_of_[std::size_t(by_submit_[next_])] <= k; ++next_) {
    const JobRequest& job = jobs_[std::size_t(by_submit_[next_])];
    if (job.pes.empty()) {
      matrix_.submit(job.id, job.processes, job.estimate);
      continue;
    }
    std::vector<PeId> pes;
    for (unsigned pe : job.pes)
      pes.push_back(PeId{pe / spec_.pes_per_node, pe % spec_.pes_per_node});
    matrix_.submit(job.id, std::move(pes), job.estimate);
  }
  for (const GangMatrix::Placed& p : matrix_.dispatch(now))
    dispatch(p);
  return ended_at_tick;
}

void MachineManager::run()
{
  double last_progress = -1;
  int idle_quanta = 0;
  for (std::int64_t k = 0;;) {
    sg4::this_actor::sleep_until(double(k) * spec_.quantum);
    const bool ended_at_tick = tick(k);
    if (done_ == jobs_.size())
      return;
    const std::int64_t submission =
        next_ < by_submit_.size() ? tick_of_[std::size_t(by_submit_[next_])] : std::numeric_limits<std::int64_t>::max();
    if (!nms_.empty()) {
      row_ = matrix_.next_row(row_); // every quantum, the next row holding a job
      if (!row_) {                   // nothing placed: sleep until the next submission
        k = std::max(k + 1, submission);
        continue;
      }
      global_switch(*row_);
      const double p = progress();
      idle_quanta = p - last_progress < kNoProgress ? idle_quanta + 1 : 0;
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
        ended_.acquire_until(double(submission) * spec_.quantum);
      after_end = std::int64_t(std::floor(sg4::Engine::get_clock() / spec_.quantum + 1e-9)) + 1;
    }
    k = std::max(k + 1, std::min(submission, after_end));
  }
}

void MachineManager::global_switch(unsigned row)
{
  base::emit("storm.switch.row", row);
  bcs::core::XferAndSignal strobe; // one hardware multicast from the management node (STORM's heartbeat)
  strobe.src = 0;
  strobe.dst = bcs::core::NodeSet::range(0, spec_.nodes - 1);
  strobe.deliver = [this, row](unsigned node) { nms_.at(node)->global_switch(row); };
  bcs::core::CorePrimitives& core = machine_.core;
  // Issued by a thread of the management node's NIC, so as not to interrupt its CPU (§4.2.2).
  sg4::Actor::create("storm.strobe", machine_.platform.nic(0), [&core, strobe] { core.xfer_and_signal(strobe); });
}

std::uint64_t MachineManager::pagings() const
{
  std::uint64_t n = 0;
  for (const auto& nm : nms_)
    for (unsigned pe = 0; pe < nm->pes(); ++pe)
      n += nm->pe(pe).pagings();
  return n;
}

double MachineManager::progress() const
{
  double p = double(done_) + noted_calls_;
  for (const auto& nm : nms_)
    for (unsigned pe = 0; pe < nm->pes(); ++pe)
      p += nm->pe(pe).work_done(); // paging is no work: a thrashing machine stalls
  // Only the jobs still running: a workload's thousands of ended jobs would make every quantum cost their profiles.
  for (std::size_t id = 0; id < jobs_.size(); ++id)
    if (records_[id].start >= 0 && !noted_[id])
      p += host_.calls(int(id));
  return p;
}

std::vector<GanttBox> MachineManager::gantt() const
{
  std::vector<GanttBox> boxes;
  if (nms_.empty()) {
    for (std::size_t id = 0; id < records_.size(); ++id)
      for (const PeId& p : records_[id].pes)
        boxes.push_back(GanttBox{p, int(id), records_[id].start, records_[id].end});
  } else {
    for (const auto& nm : nms_)
      for (unsigned index = 0; index < nm->pes(); ++index)
        for (const Pe::Holding& h : nm->pe(index).history()) {
          const double end = records_.at(std::size_t(h.who.job)).end;
          const double to = h.to >= 0 ? h.to : end;
          if (to > h.from)
            boxes.push_back(GanttBox{PeId{nm->pe(index).node(), index}, h.who.job, h.from, to});
        }
  }
  std::stable_sort(boxes.begin(), boxes.end(), [](const GanttBox& a, const GanttBox& b) {
    return a.pe < b.pe || (a.pe == b.pe && a.from < b.from);
  });
  return boxes;
}

std::vector<NodeManager::ClassChange> MachineManager::classes() const
{
  std::vector<NodeManager::ClassChange> all;
  for (const auto& nm : nms_) {
    std::vector<NodeManager::ClassChange> mine = nm->classes();
    std::stable_sort(mine.begin(), mine.end(), [](const auto& a, const auto& b) { return a.who < b.who; });
    all.insert(all.end(), mine.begin(), mine.end());
  }
  return all;
}

} // namespace bcssim::storm
