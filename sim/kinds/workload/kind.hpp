#pragma once
// The registration of scenario kind "workload" (sim/kinds/registry.cpp).
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind workload_kind();

} // namespace bcssim::sim
