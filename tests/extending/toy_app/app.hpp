#pragma once
// The registration of "toy_app" (apps/registry.cpp): docs/extending.md's example application.
#include "apps/app.hpp"

namespace bcssim::apps::toy_app {

App app();

} // namespace bcssim::apps::toy_app
