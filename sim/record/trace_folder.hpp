#pragma once
// The folder `bcssim record` and `bcssim convert` both leave: rank files (ranks/rank-<r>.txt, written by the
// recorder or the OTF2 converter) made into a trace the replay reads. Every rank must be there; the calls the
// format could not hold (each file's `# unsupported <count> <what>` lines) are named with their counts and ranks
// and refused unless skipped; the trace is validated as a replay would validate it; then its index (trace.txt),
// checksums (XXH128SUMS), a summary (<command>.json) and a scenario that replays it on both MPIs are written.
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iosfwd>
#include <string>

namespace bcssim::sim {

constexpr const char* kTraceRanks = "ranks"; // the rank files' folder in a trace folder

struct TraceSource {
  std::string command;      // "record" or "convert": the error's path, the summary's name
  std::string described;    // what was recorded or converted (the command line, the archive)
  std::string missing_hint; // why no rank file at all may have been written
  nlohmann::json summary;   // the source's own fields of the summary (command, MPI, clock; archive, creator)
};

struct TraceFolder {
  int ranks = 0;
  long actions = 0;
  long computes = 0;
  double computation_s = 0; // at the host speed
};

/// Finishes `results` (at `out`, its rank files in `ranks`), computation written at `host_speed` (`speed` flops a
/// second). Throws ScenarioError (exit 2) for missing ranks and unsupported calls (unless `skip_unsupported`),
/// base::ParamRuleError for a trace the replay would refuse. Commits the results.
TraceFolder finish_trace_folder(ResultsDir& results, const std::filesystem::path& out,
                                const std::filesystem::path& ranks, const std::string& host_speed, double speed,
                                bool skip_unsupported, const TraceSource& source);

} // namespace bcssim::sim
