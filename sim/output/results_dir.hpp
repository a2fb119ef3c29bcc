#pragma once
// A results folder that appears whole or not at all (DESIGN §7): files are written into "results" inside a
// temporary sibling "<dir>.tmp-<pid>" (marked as bcssim's, sim/results_marker.hpp), which commit() puts at <dir>
// in one step: an older <dir> is exchanged with it atomically (renameat2) and goes with the temporary sibling. Destroyed without commit(), the
// temporary folder is removed, so an error leaves nothing; a killed run leaves only the .tmp-<pid> sibling, which
// the next run in the same place removes. The results folder holds bcssim's marker, written first; an existing
// folder at the final path is replaced only as `policy` allows.
#include "sim/output/results_marker.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim {

/// "name (a=1, b=2)": a results folder's name and the overrides that made it.
std::string compose_title(const std::string& name, const std::vector<std::string>& overrides);

class ResultsDir {
public:
  explicit ResultsDir(std::filesystem::path final_dir, ReplacePolicy policy = {});
  ~ResultsDir();
  ResultsDir(const ResultsDir&) = delete;
  ResultsDir& operator=(const ResultsDir&) = delete;

  /// Path inside the temporary folder, creating parent folders.
  std::filesystem::path path(const std::string& relative) const;
  /// Writes a file of the results; a failure (a full disk) throws std::runtime_error naming the file as it would
  /// be in the final folder, and the system's reason (sim/output/write_file.hpp).
  void write(const std::string& relative, const std::string& content) const;
  /// Draws the plot of the gnuplot script `relative` (written before) into its .svg and .png, checked whole
  /// (render_gnuplot); a failure names the image as it would be in the final folder.
  void render(const std::string& relative) const;
  void commit();
  const std::filesystem::path& final_dir() const { return final_; }
  /// What the plots' titles name: the results folder's name, then the --set overrides in parentheses (issue 21:
  /// `--out out/asciq-50m --set ...` must not read as the scenario file's name).
  /// As given: each plot escapes it and wraps it for its canvas, with what it adds (gp_title).
  const std::string& title() const { return title_; }
  void set_title(const std::string& name, const std::vector<std::string>& overrides = {});

private:
  /// `message` with the temporary folder's paths shown as the final folder's (that one is removed on failure).
  std::string outside(const std::string& message) const;
  [[noreturn]] void throw_unusable(const std::filesystem::filesystem_error& e) const;
  /// After `relative` was written or drawn: the manifest of a results folder nested in this one that holds it
  /// records it as it is now (results_manifest.hpp).
  void keep_nested_manifest(const std::string& relative) const;

  std::filesystem::path final_;
  std::filesystem::path tmp_root_; // "<dir>.tmp-<pid>", marked
  std::filesystem::path tmp_;      // tmp_root_/results
  ReplacePolicy policy_;
  std::string title_;
  bool committed_ = false;
};

} // namespace bcssim::sim
