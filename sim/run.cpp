#include "sim/run.hpp"

#include "models/elan3/dma.hpp"
#include "models/qsnet/platform.hpp"
#include "sim/event_log.hpp"
#include "sim/microbench.hpp"
#include "sim/microbench_report.hpp"
#include "sim/results_dir.hpp"
#include "sim/specs.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/version.h>

#include <fmt/format.h>

#include <chrono>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;

std::filesystem::path run_scenario(const Scenario& scenario, const RunOptions& options)
{
  const auto wall_start = std::chrono::steady_clock::now(); // reported in run-info.json only, never in results
  const std::filesystem::path out = options.out_dir.empty() ? std::filesystem::path("out") / scenario.name()
                                                            : options.out_dir;
  ResultsDir dir(out);

  // SimGrid reads its options from argv; quiet by default, the user may add --log settings.
  std::vector<std::string> args = {"bcssim", "--log=root.thres:warning"};
  for (const auto& l : options.sg_log)
    args.push_back("--log=" + l);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  int argc = int(argv.size());
  sg4::Engine engine(&argc, argv.data());

  const qsnet::PlatformSpec pspec = platform_spec(scenario);
  const auto sg_config = configure_engine(pspec);
  EventLog log(options.events);
  base::set_event_sink(&log);
  const qsnet::Platform platform(pspec);
  elan3::DmaEngine dma(platform, dma_spec(scenario));

  std::vector<Measurement> runs;
  start_microbench(platform, dma, microbench_spec(scenario), runs);
  engine.run();
  base::set_event_sink(nullptr);
  const double simulated = sg4::Engine::get_clock();

  nlohmann::json config = nlohmann::json::object();
  for (const auto& [key, value] : sg_config)
    config[key] = value;
  nlohmann::json summary = {
      {"scenario", scenario.echo()},
      {"simgrid",
       {{"version", fmt::format("{}.{}.{}", SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR, SIMGRID_VERSION_PATCH)},
        {"config", config}}},
      {"platform",
       {{"tree", fmt::format("{}-ary {}-tree", pspec.arity, pspec.levels)},
        {"nodes", pspec.nodes},
        {"switches", platform.tree().switch_count()},
        {"payload_bandwidth_MBps", std::stod(fmt::format("{:.4f}", qsnet::payload_bandwidth(pspec.timing) / 1e6))},
        {"ack_window_B", std::stod(fmt::format("{:.4f}", qsnet::ack_window(pspec.timing)))}}},
      {"simulated_time_ns", base::to_ns(simulated)},
      {"events", log.count()},
      {"digest", log.digest()},
      {"figures", microbench_figures(runs)},
  };
  dir.write("summary.json", summary.dump(2) + "\n");
  dir.write("runs.csv", microbench_csv(runs));
  dir.write("digest", log.digest() + "\n");
  if (options.events)
    dir.write("events.csv", log.csv());
  write_microbench_plot(dir, platform, runs);

  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  nlohmann::json info = {{"wall_time_s", std::stod(fmt::format("{:.3f}", wall))},
                         {"note", "host-dependent; excluded from the determinism contract (every other file is "
                                  "bit-identical for the same scenario and seed)"}};
  dir.write("run-info.json", info.dump(2) + "\n");
  dir.commit();
  return dir.final_dir();
}

} // namespace bcssim::sim
