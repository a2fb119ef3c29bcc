#pragma once
// Runs a study (sim/study/study.hpp). A single scenario runs in this process. A sweep or comparison runs each point
// in its own child process (SimGrid allows one engine per process), at most `jobs` at once, each writing its
// own results folder under points/<index>; then the points are merged (sim/study/study_merge.hpp). Every point is
// deterministic and the merge follows the point order, so the output does not depend on `jobs`.
#include "sim/driver/run.hpp"
#include "sim/study/study.hpp"

#include <filesystem>
#include <string>

namespace bcssim::sim {

/// How a run shows its progress on stderr: not at all; one status line rewritten in place (a terminal); or a new
/// line every few seconds (a pipe, a CI log: `--progress=always`).
enum class Progress { none, status_line, log_lines };

/// Seconds between two progress lines of Progress::log_lines.
inline constexpr int kProgressLogSeconds = 5;

struct StudyOptions {
  RunOptions run;
  unsigned jobs = 1; // child processes at once
  Progress progress = Progress::none;
};

/// Runs every point and writes the results folder. Throws like run_scenario (DeadlockError when a point's
/// application deadlocked, naming the point), leaving no results folder behind.
std::filesystem::path run_study(const Study& study, const StudyOptions& options);

/// The plots' title of point i: the study's title (its folder name and overrides), then the point's label.
std::string point_title(const std::string& study_title, const Study& study, std::size_t i);

} // namespace bcssim::sim
