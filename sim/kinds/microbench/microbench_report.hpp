#pragma once
// Results of the substrate microbenchmarks: runs.csv (one row per measurement), the headline figures of
// summary.json, and the gnuplot figure (latency and bandwidth vs size, worst-case bandwidth vs tree size).
#include "models/qsnet/ack_model.hpp"
#include "sim/kinds/microbench/microbench.hpp"
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace bcssim::sim {

std::string microbench_csv(const std::vector<Measurement>& runs);
nlohmann::json microbench_figures(const std::vector<Measurement>& runs);
/// Writes microbench.gp, microbench_sizes.csv, microbench_distance.csv and renders microbench.svg/.png.
void write_microbench_plot(const ResultsDir& dir, const qsnet::LinkTiming& timing,
                           const std::vector<Measurement>& runs);

} // namespace bcssim::sim
