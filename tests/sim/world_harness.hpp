#pragma once
// What simulation tests share below the MPI level: the simulated clock, and the default Crescendo scenario
// without its collective microbenchmarks (a plain machine to build a sim::World on).
#include "sim/config/scenario.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::test {

inline double now() { return simgrid::s4u::Engine::get_clock(); }
inline sim::Scenario plain_scenario() { return sim::Scenario::resolve({{"microbench", {{"collectives", false}}}}, {}); }

} // namespace bcssim::test
