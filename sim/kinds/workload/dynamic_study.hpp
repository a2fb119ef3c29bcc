#pragma once
// The plots of a study of dynamic workloads (thesis ch. 6 §6.4, Figures 6.8-6.12): against the study's first
// swept dimension other than the algorithm (the MPL, the quantum, the load factor...), one line per algorithm
// (and per value of the other swept dimensions): dynamic.png, the mean and median response time and bounded
// slowdown; dynamic_boxes.png, the distribution of the response times and bounded slowdowns (5, 25, 50, 75 and
// 95th percentiles) at each point.
#include "sim/kinds/registry.hpp"
#include "sim/kinds/workload/dynamic_metrics.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace bcssim::sim {

/// `backlogs[i]` is point i's: a saturated point is circled in dynamic.png (§6.4.4 discards such loads).
void write_dynamic_study_plots(const ResultsDir& dir, const std::vector<StudyPoint>& points,
                               const std::vector<Backlog>& backlogs, const std::string& study_name);

/// The saturation points (§6.4.4): for each line of the plots (an algorithm, with the other swept values), the
/// x values (offered loads, MPLs...) whose point saturated (`Backlog::saturated`), the lowest of them, and the
/// highest x below it that did not. `backlogs[i]` is point i's.
nlohmann::json saturation_by_series(const std::vector<StudyPoint>& points, const std::vector<Backlog>& backlogs);

} // namespace bcssim::sim
