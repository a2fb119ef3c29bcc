#pragma once
// One simulation of a scenario, in this process (SimGrid allows one engine per process: tests and the CLI run
// each simulation in its own process).
#include "models/qsnet/platform.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/registry.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

struct SimulationResult {
  qsnet::PlatformSpec platform;
  std::uint32_t switch_count = 0;
  std::vector<std::pair<std::string, std::string>> simgrid_config;
  std::unique_ptr<KindRun> run; // the scenario kind's results
  std::int64_t simulated_ns = 0;
  std::uint64_t events = 0;
  std::string digest;
  std::string events_csv;         // when keep_events
  std::string trace_json;         // when traced
  std::uint64_t trace_events = 0; // what it recorded (the metadata aside)
};

/// What to trace into trace.json (sim/output/trace_writer.hpp).
struct TraceOptions {
  bool enabled = false;
  std::int64_t from_ns = 0;
  std::int64_t to_ns = -1; // -1: the end of the run
};

/// Throws DeadlockError (sim/machine/mpi_job.hpp) when an application deadlocks, std::logic_error when the model
/// itself does.
SimulationResult simulate(const Scenario& scenario, bool keep_events = false,
                          const std::vector<std::string>& simgrid_log = {}, const TraceOptions& trace = {});

} // namespace bcssim::sim
