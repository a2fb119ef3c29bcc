#pragma once
// Results of the collective microbenchmarks (sim/kinds/microbench/collective_bench.hpp): headline figures for summary.json and
// the side-by-side figure of the two core-primitive implementations (collectives.gp + .csv + .svg/.png):
// barrier latency, broadcast bandwidth at the source, and Compare-And-Write latency vs node count.
#include "sim/kinds/microbench/microbench.hpp"
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bcssim::sim {

/// {} when no collective was measured.
nlohmann::json collective_figures(const std::vector<Measurement>& runs);
/// Writes collectives.csv and collectives.gp and renders them; does nothing when no collective was measured.
void write_collective_plot(const ResultsDir& dir, const std::string& scenario, const std::vector<Measurement>& runs);

} // namespace bcssim::sim
