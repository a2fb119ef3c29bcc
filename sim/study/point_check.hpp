#pragma once
// A point of a study records what it was run with: its summary.json echoes its resolved scenario. Before a merge
// uses a point, that record must equal what the study resolves for the point now (the same file, --set and
// sweep), so that a merged summary never describes data made with other parameters.
#include "sim/study/study.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>

namespace bcssim::sim {

/// Throws ScenarioError naming point i's folder and the first parameter whose recorded value differs.
void check_point_scenario(const Study& study, std::size_t i, const nlohmann::json& summary);

} // namespace bcssim::sim
