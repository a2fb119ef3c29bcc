#include "sim/simulation.hpp"

#include "sim/collective_bench.hpp"
#include "sim/event_log.hpp"
#include "sim/specs.hpp"
#include "sim/world.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::sim {

SimulationResult simulate(const Scenario& scenario, bool keep_events, const std::vector<std::string>& simgrid_log)
{
  SimulationResult result;
  EventLog log(keep_events);
  base::set_event_sink(&log);
  World world(scenario, simgrid_log);
  result.platform = world.platform_spec();
  result.simgrid_config = world.simgrid_config();
  result.switch_count = world.platform().tree().switch_count();

  auto substrate = start_microbench(world.platform(), world.dma(), microbench_spec(scenario), result.runs);
  if (scenario.flag("microbench.collectives")) {
    CollectiveBenchSpec spec;
    spec.nodes = collective_nodes(scenario);
    for (const std::string& name : scenario.texts("microbench.collective_impls"))
      spec.impls.push_back(&world.primitives(name));
    spec.broadcast_bytes = std::uint64_t(scenario.quantity("microbench.broadcast_size"));
    for (const std::string& m : scenario.texts("microbench.broadcast_memories"))
      spec.broadcast_memories.push_back(m == "main" ? elan3::Memory::main : elan3::Memory::elan);
    start_collective_bench(world.machine(), world.host(), spec, result.runs, substrate);
  }
  world.engine().run();
  base::set_event_sink(nullptr);

  result.simulated_ns = base::to_ns(simgrid::s4u::Engine::get_clock());
  result.events = log.count();
  result.digest = log.digest();
  result.events_csv = log.csv();
  return result;
}

} // namespace bcssim::sim
