#pragma once
// The registration of scenario kind "app" (sim/kinds/registry.cpp).
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind app_kind();
/// Its files and their columns (docs/outputs.md).
std::vector<OutputFile> app_outputs();
/// The result of a finished app run (std::bad_cast for another kind).
const AppResult& app_result(const KindRun& run);

} // namespace bcssim::sim
