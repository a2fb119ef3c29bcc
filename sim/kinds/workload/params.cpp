#include "sim/kinds/workload/params.hpp"

namespace bcssim::sim {

base::ParamDecl workload_jobs_param()
{
  return base::record_list_decl(
      "workload.jobs",
      "The jobs of kind 'workload', in submission order for equal submit times: each an object with 'app' (name, "
      "processes: as in kind 'app'), the application's own section (e.g. 'synthetic'), 'job' (placement), "
      "'submit' (a time, default \"0s\"), 'estimate' (the user's runtime estimate, a time, for "
      "scheduler.backfill = easy), 'priority' (an integer, default 0, higher first where the algorithm "
      "uses priorities: pbcs) and 'pes' (explicit placement: one machine PE number per process, node x "
      "platform.pes_per_node + PE; default: the lowest free PEs of its row). Each job is checked as a scenario of "
      "kind 'app' on this machine.",
      "scenario choice (thesis ch. 6 §6.3: static workloads; §6.4: dynamic ones)");
}

const base::ParamGroup<WorkloadSpec>& workload_params()
{
  using base::Quantity;
  static const base::ParamGroup<WorkloadSpec> g = [] {
    base::ParamGroup<WorkloadSpec> g("workload");
    g.add(base::text_decl("swf", "",
                          "A workload in the Standard Workload Format (plain, .gz or .xz; relative to the working "
                          "directory) whose records become the jobs instead of workload.jobs: each one the synthetic "
                          "BSP application (a ring exchange after each step; none for a serial job) on its allocated "
                          "processors, submitted at its submit time and computing its run time "
                          "(sim/kinds/workload/swf_jobs.hpp). \"\" = use workload.jobs. Generate one with `bcssim "
                          "workload generate`.",
                          "thesis ch. 6 §6.4.1; SWF 2.2 of the Parallel Workloads Archive"),
          [](WorkloadSpec& s, const base::ParamValue& v) { s.swf = v.word(); });
    g.integer("swf_jobs", &WorkloadSpec::swf_jobs, 0, 0, 1e7,
              "Only the first this many runnable records of workload.swf; 0 = all.", "scenario choice");
    g.choice<bool>("swf_invalid", &WorkloadSpec::skip_invalid, "error", {{"error", false}, {"skip", true}},
                   "A record of workload.swf that cannot run here (no processors or more than the "
                   "machine's, a run time of 0 s or less or longer than the synthetic application can "
                   "compute, an estimate shorter than its run time, a submit time before the previous "
                   "record's or past 1e9 s once scaled): 'error' = exit 2 naming its line and "
                   "field; 'skip' = leave it out (summary.json counts them). Archive logs hold "
                   "cancelled jobs with no run time.",
                   "scenario choice");
    g.real("time_scale", &WorkloadSpec::time_scale, 1, 1e-6, 1e9,
           "workload.swf's submit and run times are divided by this (the thesis emulates "
           "8 days in about 2 hours: 100).",
           "thesis ch. 6 §6.4.1: 'we reduce time by a factor of 100'");
    g.real("load_factor", &WorkloadSpec::load_factor, 1, 1e-6, 1e6,
           "workload.swf's run times are multiplied by this (the offered load scales with it; "
           "arrivals stay).",
           "thesis ch. 6 §6.4.1 and §6.4.4: loads varied by multiplying run times");
    g.real("estimate_factor", &WorkloadSpec::estimate_factor, 5, 1, 1e6,
           "A record of workload.swf without a requested time gets an estimate of its run time "
           "x a factor uniform in [1, this], from the scenario's seed (EASY backfilling uses "
           "estimates).",
           "thesis ch. 6 §6.4.1: 'loose estimates that are up to 5 times longer' (its ref. [75])");
    g.quantity("short_job_bound", &WorkloadSpec::short_job_bound, Quantity::time, "10s", 0, 1e9,
               "tau of the bounded slowdown, max{response / max{T_d, tau}, 1}, in the workload's "
               "own time: divided by workload.time_scale like its run times (10 s of real time is "
               "0.1 s emulated at the thesis's scale of 100).",
               "thesis ch. 6 §6.4.1: 'a value of 10 seconds of real time (0.1 sec emulated)'");
    g.add(base::quantity_decl("granularities", Quantity::time, "5ms", 1e-6, 1e6,
                              "Computation granularities of the jobs of workload.swf: each job takes one of "
                              "them with equal probability (from the scenario's seed), rounded so that whole "
                              "iterations compute its run time.",
                              "thesis ch. 6 §6.4.1: 'fine-grained (5ms), medium-grained (50ms), and "
                              "coarse-grained (500ms)'"),
          [](WorkloadSpec& s, const base::ParamValue& v) { s.granularities = v.numbers; })
        .listed(base::quantities(Quantity::time, {"5ms", "50ms", "500ms"}));
    return g;
  }();
  return g;
}

const base::ParamGroup<GanttSpec>& gantt_params()
{
  static const base::ParamGroup<GanttSpec> g = [] {
    base::ParamGroup<GanttSpec> g("workload");
    g.add(base::quantity_decl("gantt_span", base::Quantity::time, "0s", 0, 1e9,
                              "The Gantt chart (gantt.csv and its plot) covers the first this long of the run; "
                              "0 = the whole run. Under bcs a PE changes hands at every blocking call, so a "
                              "whole minute is ~10^5 boxes per PE: too many to draw or read (the shipped "
                              "scheduling studies show their first 250 ms). At most 100,000 boxes are drawn: "
                              "beyond, the chart stops at the 100,000th box's start and its title says so.",
                              "output choice"),
          [](GanttSpec& s, const base::ParamValue& v) {
            s.span = v.number();
            s.span_text = v.word();
          });
    return g;
  }();
  return g;
}

} // namespace bcssim::sim
