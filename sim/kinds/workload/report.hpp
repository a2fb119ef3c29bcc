#pragma once
// What a workload run reports (thesis ch. 6 §6.3.1): per job its submit, start and end times, run and response
// time; for the workload its turnaround time (first submission to last end), mean response time and
// utilization; a Gantt chart of the PEs over time.
#include "sim/kinds/workload/workload_run.hpp"
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>

#include <string>
#include <vector>

namespace bcssim::sim {

struct WorkloadFigures {
  double turnaround = 0;    // s: first submission to last end
  double mean_response = 0; // s: mean of end - submit
  double utilization = 0;   // PE-seconds held by some job's process (the Gantt chart's boxes) / (PEs x turnaround)
};

WorkloadFigures workload_figures(const std::vector<JobOutcome>& jobs, const std::vector<GanttBox>& boxes,
                                 unsigned machine_pes);
/// jobs.csv (one row per job) and the same rows with the algorithm as runs.csv; a job's dedicated time and bounded
/// slowdown (short-job bound `tau`, s) are empty when unknown.
std::string jobs_csv(const std::vector<JobOutcome>& jobs, const std::string& algorithm, double tau);
/// A point's jobs read back from the jobs.csv it wrote: id, processes, submit, start and end times (a study's
/// merge computes figures its points' summaries may lack), through report::read_csv. Throws as it does for an
/// unreadable file or a short row, std::runtime_error naming the file and line for a missing column or number.
std::vector<JobOutcome> read_jobs_csv(const std::filesystem::path& file);
/// fcs_classes.csv: each process's FCS class from each time it changed.
std::string classes_csv(const std::vector<storm::NodeManager::ClassChange>& classes);
/// gantt.csv, its gnuplot script and the chart (PE x time, one box per job on each of its PEs), in `folder` of
/// the results ("" or "points/0003/"); `title` as given (ResultsDir::title() and
/// what the chart adds), wrapped for its canvas here.
void write_gantt(const ResultsDir& dir, const std::vector<GanttBox>& boxes, unsigned nodes, unsigned pes_per_node,
                 const std::string& title, const std::string& folder = "");
/// A point's Gantt chart drawn again from its gantt.csv when its script is not what this version writes (a study
/// merged from points run by an earlier version: their charts then follow today's palette and key). True if it
/// drew; false when the point has no chart or it is current.
bool redraw_gantt(const ResultsDir& dir, const std::string& folder, unsigned nodes, unsigned pes_per_node);

} // namespace bcssim::sim
