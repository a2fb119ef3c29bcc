#pragma once
// Results of kind "mpi_microbench": runs.csv rows, headline figures for summary.json ("mpi_figures") and a
// four-panel figure (mpi.gp + mpi_sizes.csv, mpi_posted.csv, mpi_collectives.csv + mpi.svg/.png): ping-pong
// latency vs size, bandwidth one way and each way of a bidirectional exchange vs size, latency vs posted
// receives, collectives vs processes.
#include "sim/kinds/mpi_microbench/mpi_bench.hpp"
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bcssim::sim {

std::string mpi_bench_csv(const std::vector<MpiMeasurement>& runs);
nlohmann::json mpi_bench_figures(const std::vector<MpiMeasurement>& runs);
void write_mpi_bench_plot(const ResultsDir& dir, const std::string& scenario, const std::string& backend,
                          const std::vector<MpiMeasurement>& runs);

} // namespace bcssim::sim
