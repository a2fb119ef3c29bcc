#pragma once
// The account of every slowdown (issue 43 part 4): for a list of compare studies' points, the calls per second
// per rank, the sources' first-order prediction of BCS-MPI's slowdown and the simulated one, the difference taken
// apart from the simulator's own records (per call kind: the time BCS-MPI's calls took beyond the baseline's) and
// how many slices each blocking call took. A directive of the generated documents (render.hpp):
//   {{account LABEL=STUDY_FOLDER [where COL=VALUE ...]; LABEL=STUDY_FOLDER [where ...]; ...}}
// each entry one row: the row of STUDY_FOLDER/slowdowns.csv matching every `where`, its two points'
// profile.csv, the BCS-MPI point's call_slices.csv and its slice length (summary.json).
#include <filesystem>
#include <string>

namespace bcssim::sim::report {

/// How each MPI primitive counts in the account.
enum class CallKind { blocking_p2p, wait, collective, non_blocking };
CallKind call_kind(const std::string& primitive);

/// The 000 §3.1 / 002 §5.3.1 first-order prediction: every blocking primitive (point-to-point or collective)
/// delays its process by 1.5 slices on average, non-blocking calls and their completions by nothing.
double first_order_slowdown(double blocking_per_rank, double slice_s, double baseline_s);

/// The Markdown tables of an {{account ...}} directive (`text` without the braces) under `root`; throws
/// ScenarioError naming `where` for a bad entry, folder, row or file.
std::string account_table(const std::string& text, const std::filesystem::path& root, const std::string& where);

} // namespace bcssim::sim::report
