#pragma once
// The registration of scenario kind "launch" (sim/kinds/registry.cpp).
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind launch_kind();

} // namespace bcssim::sim
