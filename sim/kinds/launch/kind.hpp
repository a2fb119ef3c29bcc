#pragma once
// The registration of scenario kind "launch" (sim/kinds/registry.cpp).
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind launch_kind();
/// Its files and their columns (docs/outputs.md).
std::vector<OutputFile> launch_outputs();

} // namespace bcssim::sim
