#pragma once
// Runs one scenario in this process (one SimGrid engine per process) and writes its results folder.
#include "sim/config/scenario.hpp"
#include "sim/driver/simulation.hpp"
#include "sim/output/results_dir.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim {

struct RunOptions {
  std::filesystem::path out_dir;   // empty: out/<scenario name>
  bool force = false;              // replace an existing results folder there (never anything else)
  bool events = false;             // also write events.csv
  std::vector<std::string> sg_log; // extra SimGrid --log= settings
  TraceOptions trace;              // also write trace.json
  std::string title;               // the plots' title; empty: the results folder's name and the overrides
};

/// run-info.json: what made the folder (provenance.hpp's run_provenance), the overrides and the wall time.
void write_run_info(const ResultsDir& dir, const std::vector<std::string>& overrides, double wall_seconds);

/// The running binary's file, hashed (XXH3-64, 16 hex digits): run-info.json records it, and a finished point or
/// study is reused only by the binary that made it (sim/study/partial_points.hpp, study_reuse.hpp).
const std::string& binary_hash();

/// Returns the results folder. Throws on failure, leaving no results folder behind.
std::filesystem::path run_scenario(const Scenario& scenario, const RunOptions& options);

} // namespace bcssim::sim
