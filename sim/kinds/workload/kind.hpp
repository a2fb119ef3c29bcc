#pragma once
// The registration of scenario kind "workload" (sim/kinds/registry.cpp).
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind workload_kind();
/// Its files and their columns (docs/outputs.md).
std::vector<OutputFile> workload_outputs();

} // namespace bcssim::sim
