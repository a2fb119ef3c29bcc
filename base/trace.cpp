#include "base/trace.hpp"

#include "base/event_stream.hpp"

#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <exception>

namespace bcssim::base::trace {
namespace {

TraceSink* g_sink = nullptr;
std::uint64_t g_flows = 0;

double now() { return simgrid::s4u::Engine::get_clock(); }

// Nothing is recorded past the limit of simulated time: the World's guard is stopping that run (base/sim_time.hpp).
bool recording() { return g_sink != nullptr && within_sim_time_limit(now()); }

void record(char phase, std::int64_t ts, std::int64_t dur, std::string_view name, std::string_view category,
            std::uint64_t id, bool global, const Args* args = nullptr)
{
  const auto* self = simgrid::s4u::Actor::self();
  std::string_view host = self != nullptr ? std::string_view(self->get_host()->get_name()) : std::string_view();
  std::string_view actor = self != nullptr ? actor_name(*self) : std::string_view("maestro");
  g_sink->record(Record{phase, ts, dur, host, actor, name, category, id, global, args});
}

} // namespace

void set_sink(TraceSink* sink)
{
  g_sink = sink;
  g_flows = 0;
}

bool enabled() { return g_sink != nullptr; }

Span::Span(std::string_view name, std::string_view category, Args args) : on_(g_sink != nullptr)
{
  if (!on_)
    return;
  start_ = now();
  name_ = name;
  category_ = category;
  args_ = std::move(args);
}

Span::~Span()
{
  if (on_ && g_sink != nullptr && std::uncaught_exceptions() == 0)
    span_since(start_, name_, category_, args_);
}

void span_since(double start, std::string_view name, std::string_view category, const Args& args)
{
  if (!recording())
    return;
  const std::int64_t from = to_ns(start);
  record('X', from, to_ns(now()) - from, name, category, 0, false, &args);
}

void instant(std::string_view name, bool global)
{
  if (recording())
    record('i', to_ns(now()), 0, name, "", 0, global);
}

std::uint64_t new_flow() { return g_sink != nullptr ? ++g_flows : 0; }

void flow_start(std::uint64_t id, std::string_view name)
{
  if (id != 0 && recording())
    record('s', to_ns(now()), 0, name, "message", id, false);
}

void flow_end(std::uint64_t id, std::string_view name)
{
  if (id != 0 && recording())
    record('f', to_ns(now()), 0, name, "message", id, false);
}

} // namespace bcssim::base::trace
