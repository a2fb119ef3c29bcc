#pragma once
// The figures of a dynamic workload (thesis ch. 6 §6.4.1, "Metrics"): per job its response time (completion -
// arrival) and bounded slowdown, max{(T_w + T_r) / max{T_d, tau}, 1} with T_w + T_r its response time, T_d its run
// time in dedicated mode and tau the short-job bound; the jobs split into the short and the long half by T_d
// (the thesis classifies by the FCFS execution time, so that the halves stay the same under every scheduler); the
// number of jobs in the system (arrived, not finished) over time; the offered load.
#include "sim/kinds/workload/workload_run.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bcssim::sim {

struct Distribution {
  double mean = 0, median = 0, p5 = 0, p25 = 0, p75 = 0, p95 = 0;
  std::size_t count = 0;
};
/// The distribution of `values` (percentiles by linear interpolation between order statistics).
Distribution distribution(std::vector<double> values);

/// Saturation (§6.4.4: the thesis reads it off the jobs in the system, Fig. 6.11, as a system that "does not
/// manage to clear enough jobs before the last arrival burst"). Made a number: the share of the second half of
/// the arrival window (first + (last - first) / 2 to the last submission) during which no job waits, i.e. every
/// arrived job has started. A system that keeps up empties its queue now and then; a saturated one never does
/// in that half, and the point is called saturated. The rule was fixed before the load study ran (never tuned to
/// §6.4.4's loads).
/// Under time sharing a job is admitted while the matrix has a free slot, so overload first shows as more jobs
/// sharing the PEs and only then as a queue: the fewest jobs in the system over that half (the curve of Fig. 6.11
/// not coming down) is reported beside it.
struct Backlog {
  double window_s = 0;                  // s: the second half of the arrival window (0: one submission instant)
  double queue_empty_s = 0;             // s: how long no job waited in it
  std::size_t most_waiting = 0;         // the most jobs waiting to start at once (whole run)
  std::size_t least_in_system_late = 0; // the fewest jobs in the system over the second half of the arrivals
  /// The queue never emptied in that half: empty for less than half a microsecond, so that the flag agrees with
  /// queue_empty_late_s as printed (to the microsecond) and with the same figure read back from jobs.csv (to the
  /// nanosecond). A gap that short is below the scheduler's resolution (its ticks are milliseconds).
  bool saturated() const { return window_s > 0 && queue_empty_s < 0.5e-6; }
  /// queue_empty_s as a share of the half (1 when there is no half).
  double queue_empty_fraction() const { return window_s > 0 ? queue_empty_s / window_s : 1; }
};
/// The backlog of jobs given their submit and start times (a job never started waits to the end).
Backlog backlog(const std::vector<JobOutcome>& jobs);

struct DynamicFigures {
  Distribution response, response_short, response_long; // s
  Distribution slowdown, slowdown_short, slowdown_long; // bounded slowdown (jobs with a known T_d)
  double offered_load = 0; // sum of T_d x processes / (machine PEs x first-to-last submission); 0 if unknown
  std::size_t most_in_system = 0;
  Backlog backlog;
};

/// A job's bounded slowdown; NaN when its dedicated time is unknown (0).
double bounded_slowdown(const JobOutcome& job, double tau);
/// Ids of the jobs of the short half: the floor(n/2) shortest by dedicated time, ties by id (empty if any is
/// unknown).
std::vector<bool> short_half(const std::vector<JobOutcome>& jobs);
DynamicFigures dynamic_figures(const std::vector<JobOutcome>& jobs, double tau, unsigned machine_pes);
/// summary.json's "dynamic" entry.
nlohmann::json dynamic_json(const DynamicFigures& f);
/// jobs_in_system.csv: the count after each arrival and departure, in time order (departures first at a tie).
std::string jobs_in_system_csv(const std::vector<JobOutcome>& jobs);
/// response_cdf.csv: each half's response times in order with their cumulative fraction.
std::string response_cdf_csv(const std::vector<JobOutcome>& jobs);

} // namespace bcssim::sim
