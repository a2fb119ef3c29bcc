#pragma once
// The registration of scenario kind "toy_kind" (sim/kinds/registry.cpp): docs/extending.md's example kind.
#include "sim/kinds/registry.hpp"

namespace bcssim::sim {

Kind toy_kind_kind();

} // namespace bcssim::sim
