#pragma once
// The registration of scenario kind "mpi_microbench" (sim/kinds/registry.cpp).
#include "sim/kinds/mpi_microbench/mpi_bench.hpp"
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind mpi_microbench_kind();
/// Its files and their columns (docs/outputs.md).
std::vector<OutputFile> mpi_microbench_outputs();
/// The measurements of a finished mpi_microbench run (std::bad_cast for another kind).
const std::vector<MpiMeasurement>& mpi_bench_results(const KindRun& run);

} // namespace bcssim::sim
