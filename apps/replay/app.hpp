#pragma once
// The registration of "replay" (apps/registry.cpp): a SimGrid time-independent trace replayed on mpi::Comm
// (parameters replay.*).
#include "apps/app.hpp"

namespace bcssim::apps::replay {

App app();

} // namespace bcssim::apps::replay
