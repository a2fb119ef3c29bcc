#include "base/event_stream.hpp"

#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <cmath>

namespace bcssim::base {
namespace {
EventSink* g_sink = nullptr;
}

void set_event_sink(EventSink* sink) { g_sink = sink; }

std::int64_t to_ns(double seconds) { return std::llround(seconds * 1e9); }

void emit(std::string_view what, std::uint64_t bytes)
{
  if (g_sink == nullptr)
    return;
  const auto* self = simgrid::s4u::Actor::self();
  std::string_view actor = self != nullptr ? actor_name(*self) : std::string_view("maestro");
  g_sink->record(Event{to_ns(simgrid::s4u::Engine::get_clock()), actor, what, bytes});
}

} // namespace bcssim::base
