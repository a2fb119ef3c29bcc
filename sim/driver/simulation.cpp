#include "sim/driver/simulation.hpp"

#include "sim/kinds/microbench/collective_bench.hpp"
#include "sim/output/event_log.hpp"
#include "sim/output/trace_writer.hpp"
#include "sim/config/specs.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <stdexcept>

namespace bcssim::sim {
namespace {

// The substrate and core-primitive benchmarks of kind "microbench".
void start_substrate_benchmarks(World& world, const Scenario& scenario, std::vector<Measurement>& runs)
{
  auto substrate = start_microbench(world.platform(), world.dma(), microbench_spec(scenario), runs);
  if (!scenario.flag("microbench.collectives"))
    return;
  CollectiveBenchSpec spec;
  spec.nodes = collective_nodes(scenario);
  for (const std::string& name : scenario.texts("microbench.collective_impls"))
    spec.impls.push_back(&world.primitives(name));
  spec.broadcast_bytes = std::uint64_t(scenario.quantity("microbench.broadcast_size"));
  for (const std::string& m : scenario.texts("microbench.broadcast_memories"))
    spec.broadcast_memories.push_back(m == "main" ? elan3::Memory::main : elan3::Memory::elan);
  start_collective_bench(world.machine(), world.host(), spec, runs, substrate);
}

// Routes the model's events into `log` while it lives, also when the simulation throws.
class SinkScope {
public:
  explicit SinkScope(EventLog& log) { base::set_event_sink(&log); }
  ~SinkScope() { base::set_event_sink(nullptr); }
  SinkScope(const SinkScope&) = delete;
  SinkScope& operator=(const SinkScope&) = delete;
};

// Installs the trace sink while it lives (none: tracing off).
class TraceScope {
public:
  explicit TraceScope(base::trace::TraceSink* sink) { base::trace::set_sink(sink); }
  ~TraceScope() { base::trace::set_sink(nullptr); }
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;
};

} // namespace

SimulationResult simulate(const Scenario& scenario, bool keep_events, const std::vector<std::string>& simgrid_log,
                          const TraceOptions& trace)
{
  SimulationResult result;
  EventLog log(keep_events);
  SinkScope sink(log);
  TraceWriter tracer(TraceWindow{trace.from_ns, trace.to_ns});
  TraceScope trace_scope(trace.enabled ? &tracer : nullptr);
  World world(scenario, simgrid_log);
  result.platform = world.platform_spec();
  result.simgrid_config = world.simgrid_config();
  result.switch_count = world.platform().tree().switch_count();

  std::unique_ptr<MpiBench> mpi_bench;
  std::unique_ptr<AppRun> app;
  const std::string kind = scenario.text("kind");
  if (kind == "mpi_microbench") {
    mpi_bench = std::make_unique<MpiBench>(world, scenario, mpi_bench_spec(scenario));
    mpi_bench->start();
  } else if (kind == "app") {
    app = std::make_unique<AppRun>(world, scenario);
    app->start();
  } else {
    start_substrate_benchmarks(world, scenario, result.runs);
  }
  world.engine().run();
  if (mpi_bench) {
    mpi_bench->check(); // an application's deadlock, reported rank by rank
    result.mpi_runs = mpi_bench->results();
  }
  if (app) {
    app->check();
    result.app_runs.push_back(app->result());
  }
  if (world.deadlocked())
    throw std::logic_error("the simulation deadlocked outside any application (a model bug); rerun with "
                           "--log ker_engine.thres:info to list the blocked actors");

  result.simulated_ns = base::to_ns(simgrid::s4u::Engine::get_clock());
  result.events = log.count();
  result.digest = log.digest();
  result.events_csv = log.csv();
  if (trace.enabled)
    result.trace_json = tracer.json();
  return result;
}

} // namespace bcssim::sim
