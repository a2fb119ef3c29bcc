#include "base/event_stream.hpp"
#include "base/event_ahead.hpp"
#include "base/event_hold.hpp"

#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace bcssim::base {
namespace {
EventSink* g_sink = nullptr;

// Events emitted ahead of the clock, in time order. Their names are the emitters' string literals.
struct Ahead {
  double at;              // a block: a little before its first instant
  std::string_view actor; // null: the block at the front of g_blocks
  std::string_view what;
  std::uint64_t bytes;
};
std::deque<Ahead> g_ahead;
struct AheadBlock {
  EventBlock block;
  std::uint32_t next = 0; // its instants before this one are recorded
};
std::deque<AheadBlock> g_blocks;

// Records the instants of the front block up to `until_ns`; true when it is recorded whole.
bool record_block_ahead(std::int64_t until_ns)
{
  AheadBlock& b = g_blocks.front();
  const std::vector<std::int64_t>& ns = b.block.instant_ns;
  std::uint32_t to = b.next;
  while (to < ns.size() && ns[to] <= until_ns)
    ++to;
  if (to > b.next)
    g_sink->record_block(b.block, b.next, to);
  b.next = to;
  if (to < ns.size())
    return false;
  g_blocks.pop_front();
  return true;
}

// Records the events emitted ahead at instants up to `until_ns`.
void record_ahead(std::int64_t until_ns)
{
  while (!g_ahead.empty()) {
    const Ahead& a = g_ahead.front();
    if (a.actor.data() == nullptr) {
      if (!record_block_ahead(until_ns))
        return;
      g_ahead.pop_front();
      continue;
    }
    if (!within_sim_time_limit(a.at))
      return;
    const std::int64_t at_ns = to_ns(a.at);
    if (at_ns > until_ns)
      return;
    g_sink->record(Event{at_ns, a.actor, a.what, a.bytes, true});
    g_ahead.pop_front();
  }
}

// The held stream (event_hold.hpp): the sink in front of the real one while a holder works out its past. Two
// queues, each in time order: what happens (recorded as the clock goes, the events ahead the clock reached before
// the clock's own) and the holder's past events (emit_held, in time order too: a holder works its past out
// forward). A release merges them: no sort, however many events a long hold gathers.
class HeldEvents : public EventSink {
public:
  void record(const Event& e) override { push(happened_, e); }
  void record_held(const Event& e) { push(holders_, e); }
  // Records the events before `until_ns` (all: the largest int64) in time order into `sink`.
  void release(EventSink& sink, std::int64_t until_ns)
  {
    happened_.sort_if_needed();
    holders_.sort_if_needed();
    for (;;) {
      const bool h = happened_.head < happened_.events.size();
      const bool o = holders_.head < holders_.events.size();
      Queue* next = nullptr;
      if (h && (!o || happened_.front().ns <= holders_.front().ns))
        next = &happened_;
      else if (o)
        next = &holders_;
      if (next == nullptr || next->front().ns >= until_ns)
        break;
      const Held& e = next->front();
      if (e.text_at == kLasting) {
        sink.record(Event{e.ns, e.actor, e.what, e.bytes, true});
      } else {
        const std::string_view actor(next->text.data() + e.text_at, e.actor.size());
        const std::string_view what(next->text.data() + e.text_at + e.actor.size(), e.what.size());
        sink.record(Event{e.ns, actor, what, e.bytes, false});
      }
      ++next->head;
    }
    happened_.clear_if_done();
    holders_.clear_if_done();
  }
  void clear()
  {
    happened_ = Queue{};
    holders_ = Queue{};
  }
  EventSink* inner = nullptr; // the real sink, while held
  std::function<void(double)> catch_up;

private:
  static constexpr std::size_t kLasting = ~std::size_t(0);
  struct Held {
    std::int64_t ns;
    std::string_view actor; // the names when lasting; else only their sizes count (copied into text)
    std::string_view what;
    std::uint64_t bytes;
    std::size_t text_at;
  };
  struct Queue {
    std::vector<Held> events; // from head on: not recorded yet
    std::size_t head = 0;
    bool sorted = true; // from head on (expected: the check costs a comparison per event, a sort none)
    std::string text;
    const Held& front() const { return events[head]; }
    void sort_if_needed()
    {
      if (!sorted)
        std::stable_sort(events.begin() + std::ptrdiff_t(head), events.end(),
                         [](const Held& a, const Held& b) { return a.ns < b.ns; });
      sorted = true;
    }
    void clear_if_done()
    {
      if (head == events.size()) {
        events.clear();
        text.clear();
        head = 0;
        sorted = true;
      }
    }
  };
  static void push(Queue& q, const Event& e)
  {
    Held h{e.time_ns, e.actor, e.what, e.bytes, kLasting};
    if (!e.lasting) { // the names are copied: an actor's may not outlive it
      h.text_at = q.text.size();
      q.text.append(e.actor);
      q.text.append(e.what);
    }
    q.sorted = q.sorted && (q.events.size() == q.head || q.events.back().ns <= h.ns);
    q.events.push_back(h);
  }
  Queue happened_;
  Queue holders_;
};
HeldEvents g_held;
} // namespace

void EventSink::record_block(const EventBlock& block, std::uint32_t from, std::uint32_t to)
{
  for (const EventPattern::Item& e : block.pattern->items)
    if (e.instant >= from && e.instant < to)
      record(Event{block.instant_ns[e.instant], e.actor, e.what, e.numbered ? block.number : e.bytes, true});
}

void set_event_sink(EventSink* sink)
{
  g_held.clear();
  g_held.inner = nullptr;
  g_held.catch_up = nullptr;
  g_sink = sink;
  g_ahead.clear();
  g_blocks.clear();
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

void emit_block_ahead(EventBlock block)
{
  if (g_sink == nullptr || block.instant_ns.empty())
    return;
  const double first = double(block.instant_ns.front() - 1) * 1e-9; // before any instant that rounds to it
  emit_ahead(first, {}, {}, 0); // records what the clock has reached, and holds the block's place
  g_blocks.push_back(AheadBlock{std::move(block)});
}

void drain_events_ahead(double until)
{
  if (events_held()) {
    const auto catch_up = std::move(g_held.catch_up);
    g_held.catch_up = nullptr;
    catch_up(until);
    // The events ahead up to `until` join what happened, and everything held is recorded in time order.
    if (!g_ahead.empty() && within_sim_time_limit(until))
      record_ahead(to_ns(until));
    g_held.release(*g_held.inner, within_sim_time_limit(until) ? to_ns(until) + 1 : 0);
    g_held.clear();
    g_sink = g_held.inner;
    g_held.inner = nullptr;
  }
  if (g_sink != nullptr && within_sim_time_limit(until))
    record_ahead(to_ns(until));
  g_ahead.clear();
  g_blocks.clear();
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

namespace bcssim::base {

bool events_can_be_held() { return g_sink != nullptr && g_sink->takes_events_late(); }

bool events_held() { return g_held.inner != nullptr; }

void hold_events(std::function<void(double until)> catch_up)
{
  if (events_held() || !events_can_be_held())
    throw std::logic_error("hold_events: the stream is held already, or its sink cannot be held");
  g_held.inner = g_sink;
  g_held.catch_up = std::move(catch_up);
  g_sink = &g_held;
}

void emit_held(double at, std::string_view actor, std::string_view what, std::uint64_t bytes)
{
  if (events_held() && within_sim_time_limit(at))
    g_held.record_held(Event{to_ns(at), actor, what, bytes, false}); // copied: a thread's name may not last
}

namespace {
// Events emitted ahead that the clock has reached go before what is released (into the held buffer, sorted there).
void record_ahead_reached()
{
  const double now = simgrid::s4u::Engine::get_clock();
  if (!g_ahead.empty() && within_sim_time_limit(now))
    record_ahead(to_ns(now));
}
} // namespace

void release_events_before(double at)
{
  if (!events_held() || !within_sim_time_limit(at))
    return;
  record_ahead_reached();
  g_held.release(*g_held.inner, to_ns(at));
}

void release_events()
{
  if (!events_held())
    return;
  record_ahead_reached();
  g_held.release(*g_held.inner, std::numeric_limits<std::int64_t>::max());
  g_sink = g_held.inner;
  g_held.inner = nullptr;
  g_held.catch_up = nullptr;
}

} // namespace bcssim::base
