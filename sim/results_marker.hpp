#pragma once
// What makes a folder bcssim's own, so that bcssim never deletes anything it did not write: a results folder
// holds the file ".bcssim-results" (written first, fixed content); `--out` refuses a file, a symlink or a
// non-empty folder without it, and replaces a folder with it only when asked (--force).
#include <filesystem>
#include <string>

namespace bcssim::sim {

/// The marker file of every results folder, and its content.
inline constexpr const char* kResultsMarker = ".bcssim-results";
std::string results_marker_text();

/// True when `folder` is a real folder (not a symlink) holding bcssim's results marker.
bool is_results_folder(const std::filesystem::path& folder);

/// How an existing folder at the final path may be replaced.
struct ReplacePolicy {
  bool force = false;       // replace an existing results folder (never anything else)
  bool study_points = false; // `merge`: a folder holding only the points/ of `sweep --emit-jobs` commands
  std::string option = "--out"; // how the user named the folder, for the message
};

/// Throws ScenarioError (exit 2) when `final_dir` exists and `policy` does not allow replacing it: a file, a
/// symlink, a non-empty folder without the marker (whatever the policy), or a results folder without force.
void check_replaceable(const std::filesystem::path& final_dir, const ReplacePolicy& policy);

} // namespace bcssim::sim
