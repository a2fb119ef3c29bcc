// sim/output/event_log.*: a block of a computed slice's events (base::EventBlock) is hashed as the same bytes as
// recording each of its events (the digest's definition), whole or an instant range at a time, its events sorted
// once per pattern by (actor, event, bytes) within each instant.
#include "sim/output/event_log.hpp"

#include <doctest/doctest.h>

#include <memory>

using bcssim::base::Event;
using bcssim::base::EventBlock;
using bcssim::base::EventPattern;
using bcssim::sim::EventLog;

namespace {
// Three instants, in the order a slice computes them (not the canonical order): two events repeated (a node's
// events emitted once per node), a numbered one.
std::shared_ptr<const EventPattern> pattern()
{
  auto p = std::make_shared<EventPattern>();
  p->items = {{"bcs.ss", "bcs.strobe", 0, true, 0},     {"bcs.ss", "bcs.microstrobe", 0, false, 0},
              {"xfer.mcast", "dma.mcast", 0, false, 1}, {"bcs.sr", "bcs.msm", 0, false, 1},
              {"bcs.sr", "bcs.msm", 0, false, 1},       {"bcs.br", "query.false", 7, false, 1},
              {"bcs.ss", "bcs.slice.done", 0, true, 2}};
  p->instants = 3;
  return p;
}

EventBlock block(std::int64_t first_ns, std::uint64_t number)
{
  return EventBlock{pattern(), {first_ns, first_ns + 1200, first_ns + 40000}, number};
}

// What recording each event gives.
void record_each(EventLog& log, const EventBlock& b, std::uint32_t from, std::uint32_t to)
{
  for (const EventPattern::Item& e : b.pattern->items)
    if (e.instant >= from && e.instant < to)
      log.record(Event{b.instant_ns[e.instant], e.actor, e.what, e.numbered ? b.number : e.bytes});
}
} // namespace

TEST_CASE("event log: a block hashes as its events recorded one by one")
{
  EventLog each(false), blocks(false);
  const auto p = pattern();
  for (std::int64_t k = 2; k < 50; ++k) {
    EventBlock b = block(k * 500000, std::uint64_t(k));
    b.pattern = p; // one pattern for every block, as a tape's slices share theirs
    record_each(each, b, 0, 3);
    blocks.record_block(b, 0, 3);
  }
  each.record(Event{50 * 500000, "rank.0", "mpi.send", 4096});
  blocks.record(Event{50 * 500000, "rank.0", "mpi.send", 4096});
  CHECK(each.count() == blocks.count());
  CHECK(each.digest() == blocks.digest());
}

TEST_CASE("event log: a block recorded an instant range at a time, and one kept as CSV, hash the same")
{
  EventLog each(true), parts(false), csv(true);
  const EventBlock b = block(1000000, 2);
  record_each(each, b, 0, 3);
  parts.record_block(b, 0, 1);
  parts.record_block(b, 1, 3);
  csv.record_block(b, 0, 3);
  CHECK(parts.digest() == each.digest());
  CHECK(csv.digest() == each.digest());
  CHECK(csv.csv() == each.csv());
  // The canonical order within an instant: by actor, then event, then bytes.
  CHECK(each.csv() == "time_ns,actor,event,bytes\n1000000,bcs.ss,bcs.microstrobe,0\n1000000,bcs.ss,bcs.strobe,2\n"
                      "1001200,bcs.br,query.false,7\n1001200,bcs.sr,bcs.msm,0\n1001200,bcs.sr,bcs.msm,0\n"
                      "1001200,xfer.mcast,dma.mcast,0\n1040000,bcs.ss,bcs.slice.done,2\n");
}
