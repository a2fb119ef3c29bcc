#pragma once
// The scheduler.* parameters of kind "workload": the algorithm (storm/algorithms.hpp), its Machine Manager's
// quantum and multiprogramming level, and its Node Managers' local parameters.
#include "base/params.hpp"
#include "sim/config/scenario.hpp"
#include "storm/policies/policies.hpp"

#include <vector>

namespace bcssim::sim {

std::vector<base::ParamDecl> scheduler_params();
/// Throws ScenarioError when the algorithm cannot run this scenario (its MPI, its quantum).
void check_scheduler(const Scenario& sc);
storm::PolicySpec policy_spec(const Scenario& sc);

} // namespace bcssim::sim
