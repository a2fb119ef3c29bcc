// Kind "workload": several MPI jobs on one machine under a scheduling algorithm (thesis ch. 6). Each job of
// workload.jobs is an application run as one MPI job on the backend 'mpi'; STORM's Machine Manager starts them
// as scheduler.algorithm decides.
#include "sim/kinds/workload/kind.hpp"

#include "sim/kinds/workload/jobs.hpp"
#include "sim/kinds/workload/report.hpp"
#include "sim/kinds/workload/workload_run.hpp"

#include <fmt/format.h>

namespace bcssim::sim {
namespace {

std::vector<base::ParamDecl> params()
{
  std::vector<base::ParamDecl> c;
  c.push_back(base::record_list_decl(
      "workload.jobs",
      "The jobs of kind 'workload', in submission order for equal submit times: each an object with 'app' (name, "
      "processes: as in kind 'app'), the application's own section (e.g. 'synthetic'), 'job' (placement), "
      "'submit' (a time, default \"0s\") and 'priority' (an integer, default 0, higher first where the algorithm "
      "uses priorities). Each job is checked as a scenario of kind 'app' on this machine.",
      "scenario choice (thesis ch. 6 §6.3: static workloads; §6.4: dynamic ones)"));
  c.push_back(base::choice_decl("scheduler.algorithm", "fcfs", {"fcfs", "gs"},
                                "How the machine is shared among the jobs. fcfs: batch space sharing, each job on "
                                "dedicated PEs in submission order, the first waiting job blocking the others (no "
                                "backfilling), multiprogramming level 1. gs: gang scheduling on an Ousterhout matrix "
                                "of scheduler.mpl rows; every quantum the Machine Manager multicasts a global context "
                                "switch to the next row holding a job, and each Node Manager gives every local PE to "
                                "that row's process (or leaves it idle); on the baseline (mpi quadrics).",
                                "thesis ch. 6 §6.2 and §6.3.1; gs: ch. 4 §4.2.1 and §4.3.3"));
  c.push_back(base::integer_decl("scheduler.mpl", 2, 1, 64,
                                 "Multiprogramming level of gs: rows of the Ousterhout matrix, the most processes a "
                                 "PE holds.",
                                 "scenario choice (thesis ch. 4 §4.3.3.3 runs MPL 1, 2, 4 and 8; ch. 6 §6.4.2 "
                                 "bounds it at 6)"));
  c.push_back(base::quantity_decl("scheduler.context_switch", base::Quantity::time, "0s", 0, 1,
                                  "PE time a Node Manager's switch from one process to another takes (gs), during "
                                  "which no process computes. No source gives STORM's: ch. 4 §4.3.3.1 finds no "
                                  "noticeable overhead with quanta as small as 2 ms, and the NM keeps up with strobes "
                                  "every 300 us on Crescendo; 0 by default, a what-if otherwise.",
                                  "none (thesis ch. 4 §4.3.3.1 bounds it from above)"));
  c.push_back(base::quantity_decl("scheduler.quantum", base::Quantity::time, "50ms", 1e-6, 3600,
                                  "The Machine Manager's timeslice: it acts at multiples of it (a job that ended is "
                                  "noted, a submitted one queued and started at the next tick).",
                                  "thesis ch. 4 §4.2.1 (the MM is clock-based) and §4.3.3.1 (50 ms)"));
  return c;
}

void check(const Scenario& sc)
{
  if (sc.text("scheduler.algorithm") == "gs" && sc.text("mpi") != "quadrics")
    throw ScenarioError("scheduler.algorithm", sc.shown("scheduler.algorithm"),
                        "fcfs with mpi = " + sc.text("mpi") +
                            " (gang scheduling runs on the baseline, mpi = quadrics; BCS-MPI's coschedulers are next)");
  (void)workload_jobs(sc);
}

class WorkloadKindRun : public KindRun {
public:
  WorkloadKindRun(World& world, const Scenario& sc)
      : algorithm_(sc.text("scheduler.algorithm")), nodes_(unsigned(sc.integer("platform.nodes"))),
        pes_(unsigned(sc.integer("platform.pes_per_node"))),
        run_(std::make_unique<WorkloadRun>(world, sc, workload_jobs(sc)))
  {
    run_->start();
  }
  void finish() override
  {
    run_->check();
    jobs_ = run_->outcomes();
    gantt_ = run_->gantt();
    run_.reset(); // the jobs refer to the World, which ends before the results are written
  }
  void summarize(nlohmann::json& summary) const override
  {
    const WorkloadFigures f = workload_figures(jobs_, nodes_ * pes_);
    summary["workload"] = {{"algorithm", algorithm_},
                           {"jobs", jobs_.size()},
                           {"turnaround_s", std::stod(fmt::format("{:.9f}", f.turnaround))},
                           {"mean_response_s", std::stod(fmt::format("{:.9f}", f.mean_response))},
                           {"utilization", std::stod(fmt::format("{:.6f}", f.utilization))}};
  }
  void write(const ResultsDir& dir) const override
  {
    dir.write("jobs.csv", jobs_csv(jobs_, ""));
    dir.write("runs.csv", jobs_csv(jobs_, algorithm_));
    write_gantt(dir, gantt_, nodes_, pes_, fmt::format("{} jobs under {}", jobs_.size(), algorithm_));
  }

private:
  std::string algorithm_;
  unsigned nodes_, pes_;
  std::unique_ptr<WorkloadRun> run_;
  std::vector<JobOutcome> jobs_;
  std::vector<GanttBox> gantt_;
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
  return k;
}

} // namespace bcssim::sim
