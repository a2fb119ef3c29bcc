#pragma once
// `bcssim schema`: a JSON Schema (draft 2020-12) of the scenario format, built from the parameter catalogue, so
// editors complete and check scenario files. The simulator's own validation stays the authority: the schema cannot
// say a quantity's range (it is a string with a unit) nor the rules between parameters.
#include <nlohmann/json.hpp>

namespace bcssim::sim {

nlohmann::json scenario_schema();

} // namespace bcssim::sim
