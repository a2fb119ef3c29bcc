#pragma once
// The rules that tie scheduler.* (storm/machine_manager/params.hpp) to the rest of a workload scenario: the
// algorithm runs on the scenario's MPI, and its quantum suits it.
#include "sim/config/scenario.hpp"

namespace bcssim::sim {

/// Throws ScenarioError when the algorithm cannot run this scenario (its MPI, its quantum).
void check_scheduler(const Scenario& sc);

} // namespace bcssim::sim
