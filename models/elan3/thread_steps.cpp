#include "models/elan3/thread_steps.hpp"

#include "base/event_stream.hpp"
#include "models/elan3/thread_processor.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <limits>
#include <stdexcept>

namespace bcssim::elan3 {

ThreadSteps::ThreadSteps(simgrid::s4u::Host& nic)
    : nic_(nic), thread_(simgrid::s4u::Actor::self()->get_name()), pid_(simgrid::s4u::Actor::self()->get_pid())
{
  simgrid::s4u::this_actor::on_exit([alive = alive_, ended_at = ended_at_](bool) {
    *alive = false;
    *ended_at = simgrid::s4u::Engine::get_clock();
  });
}

void ThreadSteps::at_instant(double at, Then then) const
{
  // One callable for the timer (no std::function wrapping another): SimGrid copies it to the heap once.
  simgrid::kernel::timer::Timer::set(at, [alive = alive_, then = std::move(then)] {
    if (*alive)
      then();
  });
}

void ThreadSteps::run(double cycles, Then then) const
{
  if (ended())
    return;
  if (cycles <= 0) { // as run_cycles: nothing on the core, the thread goes on at once (in the same batch)
    then();
    return;
  }
  if (!queue_cycles(nic_, thread_, pid_, cycles, std::move(then), alive_))
    throw std::logic_error("ThreadSteps: a core that cannot queue without an actor"); // checked by ComputedSr::applies
}

void ThreadSteps::emit(std::string_view what, std::uint64_t bytes) const
{
  if (!ended())
    base::emit_as(nic_, thread_, what, bytes);
}

void ThreadSteps::occupy(double cycles) const
{
  if (cycles > 0 && !queue_cycles(nic_, thread_, std::numeric_limits<long>::max(), cycles, {}))
    throw std::logic_error("ThreadSteps: a core that cannot queue without an actor");
}

void ThreadSteps::after(double seconds, Then then) const
{
  if (!ended())
    at_instant(simgrid::s4u::Engine::get_clock() + seconds, std::move(then));
}

void ThreadSteps::at(double at, Then then) const
{
  if (ended())
    return;
  const double now = simgrid::s4u::Engine::get_clock();
  if (at > now) // where sleep_until(at) ends: a sleep of at - now from now
    at_instant(now + (at - now), std::move(then));
  else
    then();
}

} // namespace bcssim::elan3
