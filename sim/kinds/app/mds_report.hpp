#pragma once
// The Monitoring and Debugging System's outputs (000 §5): CSV files and plots in the results folder.
#include "sim/kinds/app/app_run.hpp"
#include "sim/output/results_dir.hpp"

namespace bcssim::sim {

/// The MMDS files, when the run has an MMDS (000 §5.1):
/// - mmds.csv: the job's summary in the layout of 000 Table 5.3 (primitive, min_ms, max_ms, total_ms, count,
///   average_ms), the Comp Granularity and Comm Overhead rows last;
/// - mmds_ranks.csv: the same per rank;
/// - mmds_distributions.csv: every distribution (granularity, overhead, and the latency and size of the selected
///   primitives), for the job ("all") and per rank, one row per non-empty bin.
void write_mmds(const ResultsDir& dir, const AppResult& run);

/// The EMDS files, when the run has an EMDS (000 §5.2): emds_global.csv (000 Table 5.1 per slice, times in us),
/// emds_local.csv (Table 5.2 per slice and watched node), and the plots of 000 Figures 5.3-5.5: emds_getts
/// (GETTS and GTTS vs slice) and emds_node (the point-to-point and collective counts per slice of
/// bcs.mds.plot_node).
void write_emds(const ResultsDir& dir, const AppResult& run);

} // namespace bcssim::sim
