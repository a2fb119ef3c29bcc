#pragma once
// The registration of scenario kind "microbench" (sim/kinds/registry.cpp).
#include "sim/kinds/microbench/microbench.hpp"
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind microbench_kind();
/// Its files and their columns (docs/outputs.md).
std::vector<OutputFile> microbench_outputs();
/// The measurements of a finished microbench run (std::bad_cast for another kind).
const std::vector<Measurement>& microbench_results(const KindRun& run);

} // namespace bcssim::sim
