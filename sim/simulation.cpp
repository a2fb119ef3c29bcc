#include "sim/simulation.hpp"

#include "models/elan3/dma.hpp"
#include "sim/event_log.hpp"
#include "sim/specs.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::sim {

SimulationResult simulate(const Scenario& scenario, bool keep_events, const std::vector<std::string>& simgrid_log)
{
  // SimGrid reads its options from argv; quiet by default, the user may add --log settings.
  std::vector<std::string> args = {"bcssim", "--log=root.thres:warning"};
  for (const auto& l : simgrid_log)
    args.push_back("--log=" + l);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  int argc = int(argv.size());
  simgrid::s4u::Engine engine(&argc, argv.data());

  SimulationResult result;
  result.platform = platform_spec(scenario);
  result.simgrid_config = qsnet::configure_engine(result.platform);
  EventLog log(keep_events);
  base::set_event_sink(&log);
  const qsnet::Platform platform(result.platform);
  result.switch_count = platform.tree().switch_count();
  elan3::DmaEngine dma(platform, dma_spec(scenario));
  start_microbench(platform, dma, microbench_spec(scenario), result.runs);
  engine.run();
  base::set_event_sink(nullptr);

  result.simulated_ns = base::to_ns(simgrid::s4u::Engine::get_clock());
  result.events = log.count();
  result.digest = log.digest();
  result.events_csv = log.csv();
  return result;
}

} // namespace bcssim::sim
