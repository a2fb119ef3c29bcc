#pragma once
// A study of workloads (e.g. the same jobs under every algorithm, thesis ch. 6 Tables 6.1-6.6 and Figure 6.7):
// algorithms.csv, one row per point with each job's termination time, the turnaround and the mean response
// time; and algorithms.png, those two figures per point as bars.
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

void workload_study_report(const ResultsDir& dir, const std::vector<StudyPoint>& points, nlohmann::json& summary);

} // namespace bcssim::sim
