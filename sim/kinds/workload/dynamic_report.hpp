#pragma once
// The outputs of a dynamic workload (thesis ch. 6 §6.4): jobs_in_system.csv and its plot (Figure 6.11's curve,
// one run), response_cdf.csv and its plot (Figure 6.13: the CDFs of the short and the long half's response
// times).
#include "sim/kinds/workload/workload_run.hpp"
#include "sim/output/results_dir.hpp"

#include <string>
#include <vector>

namespace bcssim::sim {

void write_dynamic_outputs(const ResultsDir& dir, const std::vector<JobOutcome>& jobs, const std::string& title);

} // namespace bcssim::sim
