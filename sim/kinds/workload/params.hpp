#pragma once
// Kind "workload"'s own parameters (workload.*), typed: where its jobs come from (an SWF file and how its records
// become jobs) and what its report covers. workload.jobs, a list of records, is read as JSON by jobs.cpp; the
// scheduler's parameters are STORM's (storm/machine_manager/params.hpp).
#include "base/params.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::sim {

struct WorkloadSpec {
  std::string swf;                   // an SWF file whose records are the jobs; "": workload.jobs
  std::int64_t swf_jobs = 0;         // only the first this many runnable records; 0: all
  bool skip_invalid = false;         // a record that cannot run here is left out (else exit 2)
  double time_scale = 1;             // the SWF's times are divided by this
  double load_factor = 1;            // the SWF's run times are multiplied by this
  double estimate_factor = 5;        // a record without an estimate gets run time x uniform [1, this]
  double short_job_bound = 0;        // s, tau of the bounded slowdown in the workload's own time
  std::vector<double> granularities; // s, one per job drawn from these
};

struct GanttSpec {
  double span = 0;       // s: the Gantt chart covers the run's first this long; 0: the whole run
  std::string span_text; // as the scenario wrote it ("250ms"), for the chart's title
};

/// workload.jobs: the jobs as records (read with Scenario::raw by jobs.cpp).
base::ParamDecl workload_jobs_param();
/// workload.swf ... workload.granularities.
const base::ParamGroup<WorkloadSpec>& workload_params();
/// workload.gantt_span.
const base::ParamGroup<GanttSpec>& gantt_params();

} // namespace bcssim::sim
