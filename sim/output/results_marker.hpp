#pragma once
// What makes a folder bcssim's own, so that bcssim never deletes anything it did not write:
//  - a results folder holds the file ".bcssim-results" (written first, fixed content); `--out` refuses a file,
//    a symlink or a non-empty folder without it, and replaces a folder with it only when asked (--force) and only
//    when it holds nothing bcssim did not write (its manifest, sim/output/results_manifest.hpp);
//  - a temporary sibling "<name>.tmp-<pid>" holds ".bcssim-temp" naming the folder, the process and the host
//    that made it; only such a sibling, of a process that is gone, is removed by a later run. Whatever else is
//    named like one (e.g. the results of a scenario named "default.tmp-999999") is left alone.
// The swap of a finished folder onto its final name is one renameat2(RENAME_EXCHANGE): at every instant the
// final name holds either the old results or the new ones, and the old ones end up in the marked temporary folder.
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
  bool force = false;           // replace an existing results folder (never anything else)
  bool study_points = false;    // `merge`: a folder holding only the points/ of `sweep --emit-jobs` commands
  std::string option = "--out"; // how the user named the folder, for the message
};

/// Throws ScenarioError (exit 2) when `final_dir` exists and `policy` does not allow replacing it: a file, a
/// symlink, a non-empty folder without the marker (whatever the policy), a results folder without force, or one
/// (or a study's points/) holding anything bcssim did not write, named.
void check_replaceable(const std::filesystem::path& final_dir, const ReplacePolicy& policy);

/// "<final_dir>.tmp-<pid>": where process `pid` writes the results folder `final_dir` before putting it in place
/// (a study's parent names its points' so, to remove them when a signal stops the points).
std::filesystem::path temp_root_of(const std::filesystem::path& final_dir, long pid);

/// The temporary folder's own marker file, and its content for `final_dir` made by process `pid` on this host.
inline constexpr const char* kTempMarker = ".bcssim-temp";
std::string temp_marker_text(const std::filesystem::path& final_dir, long pid);
/// True when `tmp_root` is a real folder holding the marker process `pid` of this host wrote for `final_dir`.
bool is_temp_of(const std::filesystem::path& tmp_root, const std::filesystem::path& final_dir, long pid);
/// Removes "<name>.tmp-<pid>" siblings of `final_dir` that hold their marker for `final_dir`, made on this
/// host by a process that no longer exists. Anything else is left alone.
void remove_stale_temps(const std::filesystem::path& final_dir);

/// Puts the folder `from` at `to` in one step. When `to` exists, the two are exchanged atomically, so that
/// `from` then holds the old folder (the caller removes it); returns true in that case. A file system without
/// RENAME_EXCHANGE falls back to two renames (old into `from`'s parent as `old_fallback`, then `from` to `to`).
bool swap_into_place(const std::filesystem::path& from, const std::filesystem::path& to,
                     const std::filesystem::path& old_fallback);

} // namespace bcssim::sim
