// The files of kind "workload" and their columns (docs/outputs.md).
#include "sim/kinds/workload/kind.hpp"

namespace bcssim::sim {

std::vector<OutputFile> workload_outputs()
{
  const std::vector<OutputColumn> job = {
      {"job", "count", "the job, in submission order"},
      {"app", "", "its application"},
      {"processes", "count", "its processes"},
      {"submit_s", "s", "arrival"},
      {"start_s", "s", "start of its run"},
      {"end_s", "s", "its end"},
      {"wait_s", "s", "start - submit"},
      {"run_s", "s", "end - start"},
      {"response_s", "s", "end - submit"},
      {"dedicated_s", "s", "its run time alone on dedicated PEs (batch)"},
      {"bounded_slowdown", "ratio", "max((wait + run) / max(dedicated, tau), 1) (thesis §6.4.1)"},
      {"launch_s", "s", "with launch.model = storm: STORM's launch of the job"}};
  std::vector<OutputColumn> runs = job;
  runs.insert(runs.begin(), {"algorithm", "", "scheduler.algorithm"});
  return {
      {"jobs.csv", "One row per job.", job},
      {"runs.csv", "jobs.csv with the algorithm in front.", runs},
      {"gantt.csv",
       "Who held each PE when (gantt.png; at most the first 100,000 boxes, workload.gantt_span).",
       {{"row", "count", "the chart's row (node x PEs per node + PE)"},
        {"node", "count", "the node"},
        {"pe", "count", "the PE of the node"},
        {"job", "count", "the job running"},
        {"from_s", "s", "from"},
        {"to_s", "s", "to"}}},
      {"fcs_classes.csv",
       "scheduler.algorithm = fcs: each process's class from each global context switch.",
       {{"job", "count", "the job"},
        {"rank", "count", "its rank"},
        {"from_s", "s", "from when"},
        {"class", "", "CS, F or DC (thesis §6.2.1)"}}},
      {"jobs_in_system.csv",
       "A dynamic workload: jobs arrived and not finished, at every change (Fig. 6.11).",
       {{"time_s", "s", "when"}, {"jobs_in_system", "count", "jobs in the system from then on"}}},
      {"response_cdf.csv",
       "A dynamic workload: the response time CDF of the short and long halves (Fig. 6.13).",
       {{"half", "", "short or long, by dedicated run time"},
        {"response_s", "s", "a response time"},
        {"fraction", "fraction", "of the half with at most that response time"}}},
      {"algorithms.csv",
       "A study: one row per point.",
       {{"point", "count", "the point"},
        {"<dimension>", "", "its other coordinates"},
        {"algorithm", "", "scheduler.algorithm"},
        {"mpi", "", "the backend"},
        {"job<n>_end_s", "s", "each job's end (up to 16 jobs)"},
        {"turnaround_s", "s", "the last job's end"},
        {"mean_response_s", "s", "mean response time"},
        {"utilization", "fraction", "busy PE time / PE time"},
        {"median_response_s", "s", "dynamic workloads: median response"},
        {"mean_response_short_s", "s", "of the short half"},
        {"mean_response_long_s", "s", "of the long half"},
        {"mean_bounded_slowdown", "ratio", "mean bounded slowdown"},
        {"median_bounded_slowdown", "ratio", "median"},
        {"mean_bounded_slowdown_short", "ratio", "of the short half"},
        {"mean_bounded_slowdown_long", "ratio", "of the long half"},
        {"offered_load", "fraction", "processor-seconds of work over those of the submission span"},
        {"most_jobs_in_system", "count", "the most jobs in the system at once"},
        {"least_jobs_in_system_late", "count",
         "the fewest jobs in the system over the second half of the arrival window (Fig. 6.11's curve coming down)"},
        {"most_jobs_waiting", "count", "the most jobs waiting to start at once"},
        {"queue_empty_late_s", "s",
         "how long no job waited to start in the second half of the arrival window (to the microsecond)"},
        {"queue_empty_late_fraction", "fraction", "the same as a share of that half"},
        {"saturated", "",
         "yes when queue_empty_late_s is 0 (under half a microsecond): the queue never emptied, the point saturated "
         "the scheduler (docs/model.md, §6.4.4)"}}},
      {"gantt.*, jobs_in_system.*, response_cdf.*, algorithms.*, dynamic.*, dynamic_boxes.*",
       "The plots (gnuplot scripts, their data and images): a study's dynamic.png has mean and median response "
       "and bounded slowdown vs its x (Figs. 6.8, 6.12), dynamic_boxes.png their percentiles (Figs. 6.9, 6.10), "
       "jobs_in_system.png and response_cdf.png every point's.",
       {}},
  };
}

} // namespace bcssim::sim
