#pragma once
// Outputs of kind "app": the run's row of runs.csv, its MPI profile (per primitive, the layout of 000 Table 5.3)
// and its summary figures.
#include "sim/kinds/app/app_run.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bcssim::sim {

/// runs.csv: app, variant, mpi, processes, nodes, time_s.
std::string app_csv(const std::vector<AppResult>& runs);
/// profile.csv: primitive, count, bytes, min_ms, max_ms, total_ms, average_ms, summed over every rank.
std::string app_profile_csv(const AppResult& run);
/// call_slices.csv: primitive, slices, calls: every rank's calls by the number of slice boundaries
/// (bcs.runtime.slice) each spanned.
std::string app_call_slices_csv(const AppResult& run);
/// summary.json "app": the row's fields and the profile.
nlohmann::json app_figures(const AppResult& run);

} // namespace bcssim::sim
