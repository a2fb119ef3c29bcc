#pragma once
// One fuzz input through the reader it targets, the way bcssim reads it. The fuzz targets (tests/fuzz/fuzz_*.cpp)
// and the regression test (tests/unit/test_fuzz_regressions.cpp) share these, so that an input saved in
// tests/fuzz/regressions/<target>/ is replayed through exactly the path that once failed on it. Each throws what
// the reader throws: ScenarioError (scenario, --set, SWF workload) or base::ParamRuleError (trace) for bad input.
#include "apps/replay/trace.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/workload/jobs.hpp"
#include "sim/machine/slice_probe.hpp"
#include "sim/study/study.hpp"

#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace bcssim::fuzz {

/// A folder of this process's own in /tmp for the files a reader needs, removed when the process exits normally.
class Scratch {
public:
  explicit Scratch(const std::string& tag)
      : dir_(std::filesystem::temp_directory_path() / ("bcssim-fuzz-" + tag + "-" + std::to_string(::getpid())))
  {
    std::filesystem::create_directories(dir_);
    sim::set_slice_probes(false); // a reader's input, not a run: no simulation in a child per input
  }
  ~Scratch()
  {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  const std::filesystem::path& dir() const { return dir_; }
  std::string write(const std::string& name, std::string_view data) const
  {
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(data.data(), std::streamsize(data.size()));
    return path.string();
  }

private:
  std::filesystem::path dir_;
};

/// `bcssim validate --print <file>`: the file's JSON read, every point of its study resolved (sweep, compare,
/// the machine's and the kind's rules; for kind app the application's, e.g. the replay's trace), then echoed.
inline void run_scenario(const Scratch& scratch, std::string_view data)
{
  const sim::Study study = sim::Study::load(scratch.write("scenario.json", data));
  (void)study.point(0).echo().dump(2);
  for (std::size_t i = 0; i < study.size(); ++i)
    (void)study.label(i);
}

/// Each line of `data` one `--set` (as a shell passes it: any bytes but NUL; a last newline ends the last line,
/// an empty line is an empty --set) on `base_file`, as `bcssim validate <base_file> --set <line>...` does.
inline void run_sets(const std::string& base_file, std::string_view data)
{
  std::vector<std::string> sets;
  std::size_t start = 0;
  while (start < data.size()) {
    std::size_t end = data.find('\n', start);
    if (end == std::string_view::npos)
      end = data.size();
    std::string line(data.substr(start, end - start));
    if (line.find('\0') == std::string::npos) // argv strings cannot hold a NUL
      sets.push_back(std::move(line));
    start = end + 1;
  }
  const sim::Study study = sim::Study::load(base_file, sets);
  (void)study.point(0).echo().dump(2);
}

/// A trace of several files in one input: the parts between lines "@@" are written as f0, f1, ... beside each
/// other, and f0 is the trace named by replay.trace, so that it can be an index naming f1, f2, ... (its rank
/// files) or a file of rank-prefixed actions. Reads the layout, validates every line (what a scenario's check
/// does) and, for traces of at most kMaxReadRanks ranks, streams each rank's actions as the replay does (each
/// rank reads a shared file whole: more ranks would only repeat the same code, at the cost of a decompression
/// each).
inline constexpr std::size_t kMaxTraceFiles = 9;
inline constexpr int kMaxReadRanks = 8;

inline std::vector<std::string_view> split_trace_files(std::string_view data)
{
  std::vector<std::string_view> parts;
  static constexpr std::string_view kSeparator = "\n@@\n";
  while (parts.size() + 1 < kMaxTraceFiles) {
    const auto at = data.find(kSeparator);
    if (at == std::string_view::npos)
      break;
    parts.push_back(data.substr(0, at + 1)); // the part keeps its last end of line
    data.remove_prefix(at + kSeparator.size());
  }
  parts.push_back(data);
  return parts;
}

inline void run_trace(const Scratch& scratch, std::string_view data)
{
  const auto parts = split_trace_files(data);
  for (std::size_t i = 0; i < kMaxTraceFiles; ++i) { // the files of the previous input must not be found
    const std::string name = "f" + std::to_string(i);
    if (i < parts.size())
      scratch.write(name, parts[i]);
    else
      std::filesystem::remove(scratch.dir() / name);
  }
  const apps::replay::Layout layout = apps::replay::read_layout((scratch.dir() / "f0").string());
  apps::replay::validate(layout);
  if (layout.ranks > kMaxReadRanks)
    return;
  apps::replay::Action action;
  for (int r = 0; r < layout.ranks; ++r) {
    apps::replay::ActionReader reader(layout, r);
    while (reader.next(action)) {
    }
  }
}

/// An SWF workload file as a scenario of kind workload reads it (workload.swf): every line parsed, every record
/// checked against an 8-PE machine and made a job (resolved as a scenario of kind app), up to kMaxSwfJobs jobs.
inline constexpr int kMaxSwfJobs = 64;

inline void run_swf(const Scratch& scratch, std::string_view data)
{
  const std::string swf = scratch.write("w.swf", data);
  const nlohmann::json scenario = {{"kind", "workload"},
                                   {"platform", {{"preset", "accelerando"}, {"nodes", 4}}},
                                   {"scheduler", {{"algorithm", "gs"}, {"mpl", 6}}},
                                   {"workload", {{"swf", swf}, {"swf_jobs", kMaxSwfJobs}, {"time_scale", 100}}}};
  const sim::Scenario sc = sim::Scenario::resolve(scenario, {});
  (void)sim::workload_jobs(sc);
}

} // namespace bcssim::fuzz
