// Kind "workload": several MPI jobs on one machine under a scheduling algorithm (thesis ch. 6). Each job of
// workload.jobs is an application run as one MPI job on the backend 'mpi'; STORM's Machine Manager starts them
// as scheduler.algorithm decides.
#include "sim/kinds/workload/kind.hpp"

#include "sim/kinds/workload/jobs.hpp"
#include "sim/kinds/workload/report.hpp"
#include "sim/kinds/workload/scheduler_params.hpp"
#include "sim/kinds/workload/study_report.hpp"
#include "sim/kinds/workload/workload_run.hpp"
#include "storm/algorithms.hpp"

#include <fmt/format.h>

#include <map>

namespace bcssim::sim {
namespace {

std::vector<base::ParamDecl> params()
{
  std::vector<base::ParamDecl> c;
  c.push_back(base::record_list_decl(
      "workload.jobs",
      "The jobs of kind 'workload', in submission order for equal submit times: each an object with 'app' (name, "
      "processes: as in kind 'app'), the application's own section (e.g. 'synthetic'), 'job' (placement), "
      "'submit' (a time, default \"0s\"), 'priority' (an integer, default 0, higher first where the algorithm "
      "uses priorities: pbcs) and 'pes' (explicit placement: one machine PE number per process, node x "
      "platform.pes_per_node + PE; default: the lowest free PEs of its row). Each job is checked as a scenario of "
      "kind 'app' on this machine.",
      "scenario choice (thesis ch. 6 §6.3: static workloads; §6.4: dynamic ones)"));
  for (base::ParamDecl& d : scheduler_params())
    c.push_back(std::move(d));
  c.push_back(base::quantity_decl("workload.gantt_span", base::Quantity::time, "0s", 0, 1e9,
                                  "The Gantt chart (gantt.csv and its plot) covers the first this long of the run; "
                                  "0 = the whole run. Under bcs a PE changes hands at every blocking call, so a "
                                  "whole minute is ~10^5 boxes per PE: too many to draw or read (the shipped "
                                  "scheduling studies show their first 250 ms).",
                                  "output choice"));
  return c;
}

void check(const Scenario& sc)
{
  check_scheduler(sc);
  const std::vector<WorkloadJob> jobs = workload_jobs(sc);
  // Under time sharing every job placed on a PE must fit in its rows at once: more explicit placements on one PE
  // than the multiprogramming level could never all be resident. (Batch FCFS runs them one after another.)
  if (storm::algorithm(sc.text("scheduler.algorithm")).make != nullptr) {
    std::map<unsigned, unsigned> on_pe;
    for (const WorkloadJob& j : jobs)
      for (unsigned pe : j.pes)
        if (++on_pe[pe] > unsigned(sc.integer("scheduler.mpl")))
          throw ScenarioError(fmt::format("workload.jobs[{}].pes", j.id), nlohmann::json(j.pes).dump(),
                              fmt::format("PEs that at most scheduler.mpl = {} jobs name: PE {} is named by more "
                                          "(raise scheduler.mpl or move a job)",
                                          sc.integer("scheduler.mpl"), pe));
  }
}

class WorkloadKindRun : public KindRun {
public:
  WorkloadKindRun(World& world, const Scenario& sc)
      : algorithm_(sc.text("scheduler.algorithm")), mpi_(sc.text("mpi")),
        gantt_span_(sc.quantity("workload.gantt_span")), nodes_(unsigned(sc.integer("platform.nodes"))),
        pes_(unsigned(sc.integer("platform.pes_per_node"))),
        sc_span_(sc.text("workload.gantt_span")), run_(std::make_unique<WorkloadRun>(world, sc, workload_jobs(sc)))
  {
    run_->start();
  }
  void finish() override
  {
    run_->check();
    jobs_ = run_->outcomes();
    gantt_ = run_->gantt();
    classes_ = run_->classes();
    run_.reset(); // the jobs refer to the World, which ends before the results are written
  }
  void summarize(nlohmann::json& summary) const override
  {
    const WorkloadFigures f = workload_figures(jobs_, gantt_, nodes_ * pes_);
    nlohmann::json per_job = nlohmann::json::array();
    for (const JobOutcome& j : jobs_)
      per_job.push_back({{"job", j.id},
                         {"end_s", std::stod(fmt::format("{:.9f}", j.end))},
                         {"response_s", std::stod(fmt::format("{:.9f}", j.end - j.submit))}});
    summary["workload"] = {{"algorithm", algorithm_},
                           {"mpi", mpi_},
                           {"jobs", jobs_.size()},
                           {"per_job", per_job},
                           {"turnaround_s", std::stod(fmt::format("{:.9f}", f.turnaround))},
                           {"mean_response_s", std::stod(fmt::format("{:.9f}", f.mean_response))},
                           {"utilization", std::stod(fmt::format("{:.6f}", f.utilization))}};
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("jobs.csv", jobs_csv(jobs_, ""));
    dir.write("runs.csv", jobs_csv(jobs_, algorithm_));
    std::vector<GanttBox> shown;
    for (const GanttBox& b : gantt_)
      if (gantt_span_ == 0 || b.from < gantt_span_)
        shown.push_back(GanttBox{b.pe, b.job, b.from, gantt_span_ == 0 ? b.to : std::min(b.to, gantt_span_)});
    write_gantt(dir, shown, nodes_, pes_,
                fmt::format("{} jobs under {}{}", jobs_.size(), algorithm_,
                            gantt_span_ > 0 && gantt_span_ < turnaround() ? fmt::format(" (first {})", sc_span_) : ""));
    if (!classes_.empty())
      dir.write("fcs_classes.csv", classes_csv(classes_));
  }

private:
  std::string algorithm_, mpi_;
  double gantt_span_;
  unsigned nodes_, pes_;
  double turnaround() const
  {
    double end = 0;
    for (const JobOutcome& j : jobs_)
      end = std::max(end, j.end);
    return end;
  }
  std::string sc_span_; // workload.gantt_span as written
  std::unique_ptr<WorkloadRun> run_;
  std::vector<JobOutcome> jobs_;
  std::vector<GanttBox> gantt_;
  std::vector<storm::NodeManager::ClassChange> classes_;
};

} // namespace

Kind workload_kind()
{
  Kind k;
  k.name = "workload";
  k.doc = "runs the jobs of workload.jobs on the backend 'mpi' under scheduler.algorithm";
  k.params = params();
  k.check = check;
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<WorkloadKindRun>(world, sc); };
  k.study_report = workload_study_report;
  return k;
}

} // namespace bcssim::sim
