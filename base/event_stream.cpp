#include "base/event_stream.hpp"
#include "base/event_ahead.hpp"

#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <deque>
#include <string>

XBT_LOG_NEW_DEFAULT_CATEGORY(base_event_stream, "base.event_stream: The canonical event stream");

namespace bcssim::base {
namespace {
EventSink* g_sink = nullptr;

// Events emitted ahead of the clock, in time order. Their names are the emitters' string literals.
struct Ahead {
  double at;
  std::string_view actor;
  std::string_view what;
  std::uint64_t bytes;
};
std::deque<Ahead> g_ahead;

// Records the events emitted ahead at instants up to `until_ns`.
void record_ahead(std::int64_t until_ns)
{
  while (!g_ahead.empty()) {
    const Ahead& a = g_ahead.front();
    if (!within_sim_time_limit(a.at))
      return;
    const std::int64_t at_ns = to_ns(a.at);
    if (at_ns > until_ns)
      return;
    g_sink->record(Event{at_ns, a.actor, a.what, a.bytes, true});
    g_ahead.pop_front();
  }
}
} // namespace

void set_event_sink(EventSink* sink)
{
  g_sink = sink;
  g_ahead.clear();
}

void emit_ahead(double at, std::string_view actor, std::string_view what, std::uint64_t bytes)
{
  if (g_sink == nullptr)
    return;
  const double now = simgrid::s4u::Engine::get_clock();
  // What the clock has reached, whoever emits next. The first test is a necessary condition of the second (an
  // instant rounds to a ns at most half a ns away), which a computed slice emitting its future events fails cheaply.
  if (!g_ahead.empty() && g_ahead.front().at <= now + 1e-9 && within_sim_time_limit(now))
    record_ahead(to_ns(now));
  g_ahead.push_back(Ahead{at, actor, what, bytes});
}

void drain_events_ahead(double until)
{
  if (g_sink != nullptr && within_sim_time_limit(until))
    record_ahead(to_ns(until));
  g_ahead.clear();
}

namespace {
simgrid::s4u::Host* g_emitting_host = nullptr; // emit_as's host while its event is recorded

void record_now(std::string_view actor, std::string_view what, std::uint64_t bytes, double now)
{
  if (!g_ahead.empty())
    record_ahead(to_ns(now));
  g_sink->record(Event{to_ns(now), actor, what, bytes});
}
} // namespace

void emit(std::string_view what, std::uint64_t bytes)
{
  if (g_sink == nullptr)
    return;
  const double now = simgrid::s4u::Engine::get_clock();
  if (!within_sim_time_limit(now)) // the World's guard is stopping the run (sim/machine/world.hpp)
    return;
  const auto* self = simgrid::s4u::Actor::self();
  record_now(self != nullptr ? actor_name(*self) : std::string_view("maestro"), what, bytes, now);
}

void emit_as(simgrid::s4u::Host& host, std::string_view actor, std::string_view what, std::uint64_t bytes)
{
  if (g_sink == nullptr)
    return;
  const double now = simgrid::s4u::Engine::get_clock();
  if (!within_sim_time_limit(now))
    return;
  g_emitting_host = &host;
  record_now(actor, what, bytes, now);
  g_emitting_host = nullptr;
}

simgrid::s4u::Host* emitting_host()
{
  if (g_emitting_host != nullptr)
    return g_emitting_host;
  return simgrid::s4u::Actor::is_maestro() ? nullptr : simgrid::s4u::this_actor::get_host();
}

} // namespace bcssim::base
