#include "sim/driver/run.hpp"

#include "base/file_hash.hpp"

#include "sim/driver/simulation.hpp"
#include "sim/kinds/registry.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/memory_budget.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/json_numbers.hpp"
#include "sim/output/provenance.hpp"
#include "sim/output/results_dir.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <new>
#include <stdexcept>

namespace bcssim::sim {

const std::string& binary_hash()
{
  static const std::string hash = fmt::format("{:016x}", base::file_hash("/proc/self/exe"));
  return hash;
}

void write_run_info(const ResultsDir& dir, const std::vector<std::string>& overrides, double wall_seconds)
{
  const nlohmann::json info = {
      {"bcssim", run_provenance()},
      {"binary", binary_hash()},
      {"overrides", overrides},
      {"wall_time_s", fixed4(wall_seconds)},
      {"note", "build- and host-dependent, so kept out of summary.json: every other file is bit-identical for the "
               "same scenario, seed and results folder name on every build of this version"}};
  dir.write("run-info.json", info.dump(2) + "\n");
  // The build-independent part, for results that are committed (run-info.json is not: its commit, compiler and
  // wall time differ on every build). The same command of one version writes it byte for byte (issue 45).
  // The command without where and how fast it wrote (--out, --force, --jobs, --progress, --quiet), so that the
  // folder stays bit-identical wherever the same run is made.
  std::vector<std::string> command;
  const std::vector<std::string>& argv = command_line();
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (i == 0) {
      command.push_back("bcssim");
    } else if (a == "--out" || a == "--jobs" || a == "-j" || a == "--progress") {
      ++i; // and its value
    } else if (a != "--force" && a != "--quiet" && a != "-q" && a.rfind("--out=", 0) != 0 &&
               a.rfind("--jobs=", 0) != 0 && a.rfind("--progress=", 0) != 0 &&
               !(a.size() > 2 && a.rfind("-j", 0) == 0)) { // -j2, as CLI11 takes it too
      command.push_back(a);
    }
  }
  const nlohmann::json provenance = {
      {"bcssim", build_info().version},
      {"simgrid", simgrid_version()},
      {"command", command},
      {"overrides", overrides},
      {"note", "what made this folder, on any build of this version (run-info.json, not committed, adds the commit, "
               "the compiler and the wall time)"}};
  dir.write("provenance.json", provenance.dump(2) + "\n");
}

std::filesystem::path run_scenario(const Scenario& scenario, const RunOptions& options)
{
  const auto wall_start = std::chrono::steady_clock::now(); // reported in run-info.json only, never in results
  const std::filesystem::path out =
      options.out_dir.empty() ? std::filesystem::path("out") / scenario.name() : options.out_dir;
  const Kind& kind = find_kind(scenario.kind());
  const std::uint64_t ranks = kind.ranks ? kind.ranks(scenario) : 0; // the MPI ranks it creates at once
  check_memory(scenario, ranks);                                     // before anything is built or written
  ResultsDir dir(out, ReplacePolicy{options.force});
  if (options.title.empty())
    dir.set_title(dir.final_dir().filename().string(), scenario.overrides());
  else
    dir.set_title(options.title);
  const SimulationResult r = [&] {
    try {
      return simulate(scenario, options.events, options.sg_log, options.trace);
    } catch (const std::bad_alloc&) {
      throw std::runtime_error(fmt::format("out of memory simulating a machine of {} nodes ({} resident at least; "
                                           "see sim/machine/memory_budget.hpp)",
                                           machine_size(scenario).nodes,
                                           memory_text(memory_need(scenario, ranks).resident)));
    }
  }();

  nlohmann::json config = nlohmann::json::object();
  for (const auto& [key, value] : r.simgrid_config)
    config[key] = value;
  nlohmann::json summary = {
      {"bcssim", {{"version", build_info().version}}},
      {"scenario", scenario.echo()},
      {"overrides", scenario.overrides()},
      {"simgrid", {{"version", simgrid_version()}, {"config", config}}},
      {"platform",
       {{"tree", fmt::format("{}-ary {}-tree", r.platform.arity, r.platform.levels)},
        {"nodes", r.platform.nodes},
        {"switches", r.switch_count},
        {"payload_bandwidth_MBps", fixed4(qsnet::payload_bandwidth(r.platform.timing) / 1e6)},
        {"ack_window_B", fixed4(qsnet::ack_window(r.platform.timing))}}},
      {"simulated_time_ns", r.simulated_ns},
      {"events", r.events},
      {"digest", r.digest},
  };
  r.run->summarize(summary);
  tidy_numbers(summary);
  dir.write("summary.json", summary.dump(2) + "\n");
  dir.write("digest", r.digest + "\n");
  if (options.events)
    dir.write("events.csv", r.events_csv);
  if (options.trace.enabled) {
    dir.write("trace.json", r.trace_json);
    if (r.trace_events == 0) // an empty timeline should not look like a broken viewer
      std::fprintf(stderr, "note: trace.json records nothing: no span, instant or message fell in %s\n",
                   options.trace.from_ns == 0 && options.trace.to_ns < 0 ? "the run" : "--trace-window");
  }
  r.run->write(dir);

  write_run_info(dir, scenario.overrides(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
  dir.commit();
  return dir.final_dir();
}

} // namespace bcssim::sim
