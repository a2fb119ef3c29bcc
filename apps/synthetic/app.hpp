#pragma once
// The registration of "synthetic" (apps/registry.cpp): its parameters (synthetic.*), rules and main.
#include "apps/app.hpp"

namespace bcssim::apps::synthetic {

App app();

} // namespace bcssim::apps::synthetic
