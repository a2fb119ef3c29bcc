#pragma once
// A workload read from an SWF file (workload.swf) instead of workload.jobs (thesis ch. 6 §6.4.1): each record
// becomes a job of the synthetic BSP application (a ring exchange after each computation step; none for a serial
// job) as wide as the
// record's processors, submitted at its submit time and computing its run time in total, both divided by
// workload.time_scale and the run time multiplied by workload.load_factor. Each job's granularity is one of
// workload.granularities with equal probability, and its runtime estimate the record's requested time, or (none
// given) its run time x a factor uniform in [1, workload.estimate_factor]; both drawn from the scenario's seed.
#include "sim/config/scenario.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::sim {

/// One record as a job, held compactly (a million of them fit in about 60 MB): record() gives it as workload.jobs
/// would hold it.
struct SwfRecord {
  std::uint64_t line = 0; // in the file, for errors
  std::int64_t processes = 0;
  std::int64_t iterations = 0;
  double granularity = 0; // s
  double submit = 0;      // s, scaled
  double estimate = 0;    // s, scaled
  double run_time = 0;    // s: its run time as the job computes it (T_d)
  /// {"app": ..., "synthetic": ..., "submit": "Xs", "estimate": "Xs"}, times in their shortest round-trip text.
  nlohmann::json record() const;
};

struct SwfRecords {
  std::string path; // workload.swf
  std::vector<SwfRecord> records;
  std::size_t skipped = 0; // records left out under workload.swf_invalid = skip
};

/// The records of workload.swf. A record that cannot run here (no processors or more than the machine's, a run
/// time of 0 or less, an estimate shorter than the run time, a submit time before the previous one's) is a
/// ScenarioError naming "FILE:LINE: field N (name)", the value and what is allowed, or is skipped under
/// workload.swf_invalid = skip; so is an empty workload.
SwfRecords swf_records(const Scenario& sc);

/// What bounds a workload's span from below, gathered over its jobs (add() each).
struct WorkloadSpan {
  double work = 0;            // PE-seconds: each job's least run time x its processes
  double last_submit = 0;     // s
  double first_processes = 0; // processes of the jobs submitted at 0
  double first_shortest = -1; // s: the least run time of the shortest of them (-1: none; 0: unknown)
  void add(double submit, unsigned processes, double least);
};

/// The bounds on a workload's Machine Manager ticks x nodes and BCS-MPI slices (issue 45 item 12): they span at
/// least the time its work takes spread over every PE, and under gang rows the jobs submitted at 0 switch the
/// nodes their processes beyond one row occupy at every quantum until the shortest of them can end (a dearer
/// tick), so a run refused here could never have been short; ScenarioError on scheduler.quantum or mpi past them,
/// `fewer` the other remedy the message gives. Its OS noise spans the run until its last arrival too
/// (sim/machine/run_bounds.hpp).
void check_workload_span(const Scenario& sc, const WorkloadSpan& span, const std::string& fewer);

} // namespace bcssim::sim
