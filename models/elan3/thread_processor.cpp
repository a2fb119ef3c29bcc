#include "models/elan3/thread_processor.hpp"

#include <simgrid/s4u/Actor.hpp>

namespace bcssim::elan3 {

void run_cycles(double cycles)
{
  if (cycles > 0)
    simgrid::s4u::this_actor::execute(cycles);
}

} // namespace bcssim::elan3
