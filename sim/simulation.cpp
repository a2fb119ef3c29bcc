#include "sim/simulation.hpp"

#include "bcs/core/qsnet_hw.hpp"
#include "models/elan3/dma.hpp"
#include "sim/collective_bench.hpp"
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
  qsnet::HardwareMulticast multicast(platform, multicast_spec(scenario));
  elan3::DmaEngine dma(platform, dma_spec(scenario), multicast);
  const qsnet::GlobalQuery query(multicast, query_per_level(scenario));
  elan3::NicMemory memory(platform.nodes());
  const elan3::HostInterface host(platform, host_interface_spec(scenario));
  bcs::core::Machine machine{platform, dma, memory, query, thread_costs(scenario)};
  bcs::core::SoftwareTree software_tree(machine, software_tree_spec(scenario));
  bcs::core::QsNetHw qsnet_hw(machine, software_tree);

  auto substrate = start_microbench(platform, dma, microbench_spec(scenario), result.runs);
  if (scenario.flag("microbench.collectives")) {
    CollectiveBenchSpec spec;
    spec.nodes = collective_nodes(scenario);
    for (const std::string& name : scenario.texts("microbench.collective_impls"))
      spec.impls.push_back(name == "qsnet_hw" ? static_cast<bcs::core::CorePrimitives*>(&qsnet_hw) : &software_tree);
    spec.broadcast_bytes = std::uint64_t(scenario.quantity("microbench.broadcast_size"));
    for (const std::string& m : scenario.texts("microbench.broadcast_memories"))
      spec.broadcast_memories.push_back(m == "main" ? elan3::Memory::main : elan3::Memory::elan);
    start_collective_bench(machine, host, spec, result.runs, substrate);
  }
  engine.run();
  base::set_event_sink(nullptr);

  result.simulated_ns = base::to_ns(simgrid::s4u::Engine::get_clock());
  result.events = log.count();
  result.digest = log.digest();
  result.events_csv = log.csv();
  return result;
}

} // namespace bcssim::sim
