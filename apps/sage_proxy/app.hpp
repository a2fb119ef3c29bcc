#pragma once
// The registration of "sage" (apps/registry.cpp): its parameters (sage.*), rules and main.
#include "apps/app.hpp"

namespace bcssim::apps::sage {

App app();

} // namespace bcssim::apps::sage
