#pragma once
// Scenario -> the plain parameter structs of the models (the only place that maps JSON paths onto them).
#include "models/elan3/dma.hpp"
#include "models/qsnet/platform.hpp"
#include "sim/microbench.hpp"
#include "sim/scenario.hpp"

namespace bcssim::sim {

qsnet::PlatformSpec platform_spec(const Scenario& sc);
elan3::DmaSpec dma_spec(const Scenario& sc);
MicrobenchSpec microbench_spec(const Scenario& sc);

} // namespace bcssim::sim
