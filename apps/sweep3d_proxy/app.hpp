#pragma once
// The registration of "sweep3d" (apps/registry.cpp): its parameters (sweep3d.*), rules and main.
#include "apps/app.hpp"

namespace bcssim::apps::sweep3d {

App app();

} // namespace bcssim::apps::sweep3d
