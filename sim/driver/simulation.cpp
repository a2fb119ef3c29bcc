#include "sim/driver/simulation.hpp"

#include "base/event_ahead.hpp"
#include "base/sim_time.hpp"
#include "sim/config/log_settings.hpp"
#include "sim/machine/run_bounds.hpp"
#include "sim/machine/world.hpp"
#include "sim/output/event_log.hpp"
#include "sim/output/trace_writer.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <stdexcept>

namespace bcssim::sim {
namespace {

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
  // Counts the noise profiles' memory from their first values (drawn as the World applies them), and stops the
  // run past its budget.
  noise::ProfileLedger noise_ledger(noise_profile_budget(scenario));
  World world(scenario, simgrid_log);
  mark_log_files(simgrid_log); // SimGrid opened them: bcssim's now, a later run may overwrite them
  result.platform = world.platform_spec();
  result.simgrid_config = world.simgrid_config();
  result.switch_count = world.platform().tree().switch_count();

  // Declared after the World, so that it ends first when the simulation throws.
  std::unique_ptr<KindRun> run = find_kind(scenario.kind()).start(world, scenario);
  const base::SimTimeGuard time_guard; // stops the run at the limit of simulated time, never lets a time wrap
  world.engine().run();
  mark_log_files(simgrid_log); // with the split files opened since
  if (time_guard.passed())
    throw base::SimTimeLimitError(time_guard.passed_at());
  refuse_noise_overrun(scenario, noise_ledger);
  // Events of idle slices computed ahead that the clock reached (bcs/runtime/idle_slices.hpp).
  base::drain_events_ahead(simgrid::s4u::Engine::get_clock());
  run->finish(); // an application's deadlock is reported rank by rank here
  result.run = std::move(run);
  if (world.deadlocked())
    throw std::logic_error("the simulation deadlocked outside any application (a model bug); rerun with "
                           "--log ker_engine.thres:info to list the blocked actors");

  result.simulated_ns = base::to_ns(simgrid::s4u::Engine::get_clock());
  result.events = log.count();
  result.digest = log.digest();
  result.events_csv = log.csv();
  if (trace.enabled) {
    result.trace_json = tracer.json();
    result.trace_events = tracer.count();
  }
  return result;
}

} // namespace bcssim::sim
