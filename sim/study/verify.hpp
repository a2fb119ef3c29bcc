#pragma once
// `bcssim verify`: the determinism regression. Re-runs shipped scenarios and compares each one's digest (the
// event stream's hash, sim/event_log) with its golden digest in scenarios/digests.csv. Each scenario runs in a
// child bcssim process, so every run gets a fresh engine (SimGrid allows one per process) and runs exactly as
// `bcssim run` would.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace bcssim::sim {

struct VerifyOptions {
  std::filesystem::path digests = "scenarios/digests.csv"; // scenario,digest rows; paths relative to its folder
  std::vector<std::string> scenarios;                      // empty: every row of `digests` (or of `samples`)
  unsigned jobs = 1; // simulations at once: runs side by side, a run's sweep points too when fewer runs than jobs
  /// --sample: check the sample points of `samples` instead of the whole scenarios of `digests`: one point of a
  /// study too long to re-run whole (the dynamic workload studies), shortened by its --set overrides.
  bool sample = false;
  std::filesystem::path samples = "scenarios/samples.csv"; // scenario,point,sets,digest rows (sets: path=value
                                                           // words separated by spaces)
};

/// Prints one line per scenario (or sample) (match / MISMATCH / FAILED / NO GOLDEN, with the wall time) and returns how
/// many did not match. Throws ScenarioError when the digests file is missing or malformed: no scenario,digest
/// header, a row without a 16-hex-digit digest, or no row at all.
int verify(const VerifyOptions& options, std::ostream& out);

} // namespace bcssim::sim
