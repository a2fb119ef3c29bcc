#pragma once
// The jobs of a workload (workload.jobs, or the records of an SWF file: swf_jobs.hpp): each record names an
// application run as one MPI job, submitted at a given time. A record is a scenario fragment: "app" (name,
// processes), the application's own section, "job" (placement of its ranks on the PEs it gets), plus "submit",
// "estimate" (the user's runtime estimate, for backfilling), "priority" and "pes" (explicit placement). Each job
// is resolved as a scenario of kind "app" on the workload's machine, so every rule of the application holds for
// it, and a broken one is reported under workload.jobs[i] (or its SWF file and line).
#include "sim/config/scenario.hpp"

#include <memory>
#include <string>
#include <vector>

namespace bcssim::sim {

struct WorkloadJob {
  int id = 0;      // its index in workload.jobs
  std::string app; // app.name
  unsigned processes = 0;
  double submit = 0;         // s
  double estimate = 0;       // s: the user's runtime estimate (0: none given)
  double dedicated = 0;      // s: its run time in dedicated mode (an SWF record's, scaled; 0: unknown)
  double least = 0;          // s: a lower bound of its run time (its application's least_time; 0: unknown)
  int priority = 0;          // higher first where the algorithm uses priorities (PBCS); FCFS ignores it
  bool from_swf = false;     // a record of workload.swf, not workload.jobs[id]
  std::vector<unsigned> pes; // explicit placement: rank r on machine PE pes[r] (node x pes_per_node + PE); empty:
                             // packed on the lowest free PEs
  /// The job as a scenario of kind "app" (its application reads its parameters there): the machine's scenario
  /// with the job's sections over it. Resolved when asked (checked once by workload_jobs), so that a job holds
  /// a few hundred bytes, not a resolved scenario's ~25 kB: a workload of a million jobs fits in memory.
  Scenario scenario() const;

  std::shared_ptr<const Scenario> machine; // shared by every job of the workload
  std::string sections;                    // the job's sections, as compact JSON
};

/// The workload's jobs, checked; ScenarioError naming workload.jobs[i]... (or FILE:LINE) for a bad one.
/// `skipped` (if given) gets how many SWF records were left out (workload.swf_invalid = skip).
std::vector<WorkloadJob> workload_jobs(const Scenario& sc, std::size_t* skipped = nullptr);

} // namespace bcssim::sim
