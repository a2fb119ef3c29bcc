#include "base/event_stream.hpp"

#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(base_event_stream, "base.event_stream: The canonical event stream");

namespace bcssim::base {
namespace {
EventSink* g_sink = nullptr;
}

void set_event_sink(EventSink* sink) { g_sink = sink; }

void emit(std::string_view what, std::uint64_t bytes)
{
  if (g_sink == nullptr)
    return;
  const double now = simgrid::s4u::Engine::get_clock();
  if (!within_sim_time_limit(now)) // the World's guard is stopping the run (sim/machine/world.hpp)
    return;
  const auto* self = simgrid::s4u::Actor::self();
  std::string_view actor = self != nullptr ? actor_name(*self) : std::string_view("maestro");
  g_sink->record(Event{to_ns(now), actor, what, bytes});
}

} // namespace bcssim::base
