#pragma once
// Merges the points of a study into one results folder: runs.csv (each point's rows behind its coordinates),
// points.csv (per point: coordinates, digest, simulated time), summary.json (the study, the points, the
// slowdowns when compare is on), a digest over the points' digests, and for kind "app": slowdowns.csv and the
// plots time.* (run time vs the x dimension, one line per backend and other coordinates) and slowdown.*.
#include "sim/output/results_dir.hpp"
#include "sim/study/study.hpp"

#include <filesystem>

namespace bcssim::sim {

/// Reads points/<i> under `points_root` for every point and writes the merged files into `dir`. Throws
/// std::runtime_error naming the first missing or unreadable point, ScenarioError naming the first point whose
/// recorded scenario is not the one the study gives it (sim/point_check.hpp).
void merge_points(const Study& study, const std::filesystem::path& points_root, const ResultsDir& dir);

} // namespace bcssim::sim
