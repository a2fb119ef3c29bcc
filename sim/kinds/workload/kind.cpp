// Kind "workload": several MPI jobs on one machine under a scheduling algorithm (thesis ch. 6). Each job of
// workload.jobs is an application run as one MPI job on the backend 'mpi'; STORM's Machine Manager starts them
// as scheduler.algorithm decides.
#include "sim/kinds/workload/kind.hpp"

#include "base/units.hpp"

#include "sim/kinds/workload/dynamic_metrics.hpp"
#include "sim/kinds/workload/dynamic_report.hpp"
#include "sim/kinds/workload/jobs.hpp"
#include "sim/kinds/workload/params.hpp"
#include "sim/kinds/workload/report.hpp"
#include "sim/kinds/workload/scheduler_check.hpp"
#include "sim/kinds/workload/study_report.hpp"
#include "sim/kinds/workload/workload_run.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/slice_probe.hpp"
#include "sim/output/plot.hpp"
#include "storm/algorithms.hpp"
#include "storm/launch/params.hpp"
#include "storm/machine_manager/params.hpp"
#include "storm/pe_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace bcssim::sim {
namespace {

std::vector<base::ParamDecl> params()
{
  std::vector<base::ParamDecl> c{workload_jobs_param()};
  base::append_declarations(c, workload_params());
  base::append_declarations(c, storm::scheduler_params());
  base::append_declarations(c, gantt_params());
  return c;
}

// A job one of whose nodes cannot hold its own processes' footprints would page against itself at every
// computation: no source describes such a run, and the thesis avoided it (ch. 4 §4.3.3.3, the "memory wall").
void check_memory(const Scenario& sc, const std::vector<WorkloadJob>& jobs)
{
  const double memory = sc.spec(storm::memory_params()).bytes;
  const double machine_footprint = sc.spec(storm::footprint_params()).bytes;
  if (memory <= 0)
    return;
  const unsigned pes_per_node = machine_size(sc).pes_per_node;
  for (const WorkloadJob& j : jobs) {
    const nlohmann::json sections = nlohmann::json::parse(j.sections); // small: not the job's whole scenario
    const bool own = sections.contains("job") && sections.at("job").contains("footprint");
    const double footprint = own ? j.scenario().spec(storm::footprint_params()).bytes : machine_footprint;
    if (footprint <= 0)
      continue;
    unsigned per_node = std::min(j.processes, pes_per_node); // packed, as STORM places a job
    if (!j.pes.empty()) {                                    // its own placement
      std::map<unsigned, unsigned> on_node;
      per_node = 0;
      for (unsigned pe : j.pes)
        per_node = std::max(per_node, ++on_node[pe / pes_per_node]);
    }
    if (footprint * per_node > memory)
      throw ScenarioError(own ? fmt::format("workload.jobs[{}].job.footprint", j.id) : "job.footprint",
                          base::format_quantity(base::Quantity::size, footprint),
                          fmt::format("at most platform.memory.size / {} = {} per process: {} processes of job {} "
                                      "share a node, which would page against itself (lower the footprint, or give "
                                      "the node more memory)",
                                      per_node, base::format_quantity(base::Quantity::size, memory / per_node),
                                      per_node, j.id));
  }
}

void check(const Scenario& sc)
{
  check_scheduler(sc);
  if (sc.spec(storm::launch::launch_model_params()).storm) // its rules now, not when the first job is launched
    (void)sc.spec(storm::launch::launch_params());
  const std::vector<WorkloadJob> jobs = workload_jobs(sc);
  check_memory(sc, jobs);
  check_slice_leaves_time(sc);
  // Under time sharing every job placed on a PE must fit in its rows at once: more explicit placements on one PE
  // than the multiprogramming level could never all be resident. (Batch FCFS runs them one after another.)
  const storm::SchedulerSpec scheduler = sc.spec(storm::scheduler_params());
  if (storm::algorithm(scheduler.algorithm).make != nullptr) {
    std::map<unsigned, unsigned> on_pe;
    for (const WorkloadJob& j : jobs)
      for (unsigned pe : j.pes)
        if (++on_pe[pe] > scheduler.mpl)
          throw ScenarioError(fmt::format("workload.jobs[{}].pes", j.id), nlohmann::json(j.pes).dump(),
                              fmt::format("PEs that at most scheduler.mpl = {} jobs name: PE {} is named by more "
                                          "(raise scheduler.mpl or move a job)",
                                          scheduler.mpl, pe));
  }
}

constexpr std::size_t kMaxGanttBoxes = 100000;

class WorkloadKindRun : public KindRun {
public:
  WorkloadKindRun(World& world, const Scenario& sc)
      : algorithm_(sc.spec(storm::scheduler_params()).algorithm), mpi_(sc.mpi()), gantt_spec_(sc.spec(gantt_params())),
        size_(machine_size(sc)), workload_(sc.spec(workload_params())),
        run_(std::make_unique<WorkloadRun>(world, sc, workload_jobs(sc, &skipped_)))
  {
    run_->start_machine_manager();
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
    const WorkloadFigures f = workload_figures(jobs_, gantt_, unsigned(size_.pes()));
    nlohmann::json per_job = nlohmann::json::array();
    for (const JobOutcome& j : jobs_)
      per_job.push_back({{"job", j.id},
                         {"end_s", std::stod(fmt::format("{:.9f}", j.end))},
                         {"response_s", std::stod(fmt::format("{:.9f}", j.end - j.submit))}});
    summary["workload"] = {{"algorithm", algorithm_},
                           {"mpi", mpi_},
                           {"jobs", jobs_.size()},
                           {"swf_records_skipped", skipped_},
                           {"per_job", per_job},
                           {"turnaround_s", std::stod(fmt::format("{:.9f}", f.turnaround))},
                           {"mean_response_s", std::stod(fmt::format("{:.9f}", f.mean_response))},
                           {"utilization", std::stod(fmt::format("{:.6f}", f.utilization))}};
    if (dynamic())
      summary["workload"]["dynamic"] = dynamic_json(dynamic_figures(jobs_, tau(), unsigned(size_.pes())));
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("jobs.csv", jobs_csv(jobs_, "", tau()));
    dir.write("runs.csv", jobs_csv(jobs_, algorithm_, tau()));
    if (dynamic())
      write_dynamic_outputs(dir, jobs_, fmt::format("{} ({})", dir.title(), algorithm_));
    // The chart covers workload.gantt_span, and at most kMaxGanttBoxes boxes: a dynamic workload under gang
    // scheduling holds millions (one per PE per quantum), more than a chart can show or gnuplot draw in minutes.
    double span = gantt_spec_.span > 0 ? gantt_spec_.span : turnaround();
    std::string span_text = gantt_spec_.span > 0 ? gantt_spec_.span_text : "";
    if (gantt_.size() > kMaxGanttBoxes) {
      std::vector<double> starts;
      for (const GanttBox& b : gantt_)
        starts.push_back(b.from);
      std::nth_element(starts.begin(), starts.begin() + kMaxGanttBoxes, starts.end());
      if (starts[kMaxGanttBoxes] < span) {
        span = starts[kMaxGanttBoxes];
        span_text = fmt::format("{:.3g}s", span);
      }
    }
    std::vector<GanttBox> shown;
    for (const GanttBox& b : gantt_)
      if (b.from < span)
        shown.push_back(GanttBox{b.pe, b.job, b.from, std::min(b.to, span)});
    write_gantt(
        dir, shown, size_.nodes, size_.pes_per_node,
        dir.title() +
            fmt::format(": {} under {}{}", base::counted(static_cast<long long>(jobs_.size()), "job"), algorithm_,
                        !span_text.empty() && span < turnaround() ? fmt::format(" (first {})", span_text) : ""));
    if (!classes_.empty())
      dir.write("fcs_classes.csv", classes_csv(classes_));
  }

private:
  std::string algorithm_, mpi_;
  GanttSpec gantt_spec_;
  MachineSize size_;
  WorkloadSpec workload_;
  double turnaround() const
  {
    double end = 0;
    for (const JobOutcome& j : jobs_)
      end = std::max(end, j.end);
    return end;
  }
  std::size_t skipped_ = 0; // SWF records left out (set while run_ is made: declared before it)
  // s: the short-job bound, in the run's time
  double tau() const { return workload_.short_job_bound / workload_.time_scale; }
  // Jobs from an SWF file: their dedicated times are known.
  bool dynamic() const { return !workload_.swf.empty(); }
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
  k.outputs = workload_outputs();
  k.headline = [](const nlohmann::json& summary) {
    const auto& w = summary.at("workload");
    std::string line = fmt::format("{} under {} on {}: turnaround {} s, mean response {} s",
                                   base::counted(w.at("jobs").get<long>(), "job"), w.at("algorithm").get<std::string>(),
                                   w.at("mpi").get<std::string>(), base::readable(w.at("turnaround_s").get<double>()),
                                   base::readable(w.at("mean_response_s").get<double>()));
    if (w.contains("dynamic")) {
      const auto& d = w.at("dynamic");
      line += fmt::format(" (median {} s), mean bounded slowdown {}, offered load {}",
                          base::readable(d.at("response_s").at("median").get<double>()),
                          base::readable(d.at("bounded_slowdown").at("mean").get<double>()),
                          base::readable(d.at("offered_load").get<double>()));
    }
    return line + fmt::format(", utilization {}", base::readable(w.at("utilization").get<double>()));
  };
  return k;
}

} // namespace bcssim::sim
