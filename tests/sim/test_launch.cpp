// STORM's job launch (storm/launch; 002 §4.2.3, §4.3.2.1) on a tiny case: 3 nodes, 2 slots, 5 chunks, with writes
// slow enough that the receivers' flow control binds. Checks the pipeline's structure instant by instant: every
// stage lasts its work plus one constant helper overhead, reads overlap the previous multicast, a multicast waits
// for the previous one's acknowledgement and for a free slot on every receiver, writes follow arrivals in order;
// and the launch's ticks.
#include "sim/machine/world.hpp"
#include "storm/launch/job_launch.hpp"
#include "world_harness.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>

using namespace bcssim;
using storm::launch::Stage;

namespace {

storm::launch::LaunchSpec tiny_spec()
{
  storm::launch::LaunchSpec s;
  s.binary_bytes = 500000; // 5 chunks
  s.chunk_bytes = 100000;
  s.slots = 2;
  s.read_rate = 100e6;   // 1 ms a chunk
  s.helper_rate = 200e6; // 0.5 ms
  s.write_rate = 40e6;   // 2.5 ms: slower than the sender's cycle, so "await space" binds
  s.open_cost = 0;
  s.descriptor_bytes = 256;
  s.exec_cost = 0.01;
  s.tick = 0.001;
  s.poll_interval = 1e-6;
  return s;
}

struct Timeline {
  std::map<std::tuple<Stage::What, unsigned, unsigned>, Stage> at; // (what, chunk, node)
  const Stage& operator()(Stage::What w, unsigned chunk, unsigned node) const { return at.at({w, chunk, node}); }
};

} // namespace

TEST_CASE("launch pipeline: 3 nodes, 2 slots - each chunk's read, multicast and write instants")
{
  sim::World world(
      sim::Scenario::resolve({{"microbench", {{"collectives", false}}}, {"platform", {{"nodes", 3}}}}, {}));
  const storm::launch::LaunchSpec spec = tiny_spec();
  storm::launch::JobLaunch launch(world.qsnet_hw(), world.host(), spec, 3, 2);
  launch.start();
  world.engine().run();

  REQUIRE(launch.transfer() != nullptr);
  const storm::launch::TransferRecord& r = launch.transfer()->record();
  REQUIRE(launch.transfer()->chunks() == 5);
  Timeline t;
  for (const Stage& s : r.stages)
    t.at[{s.what, s.chunk, s.node}] = s;
  CHECK(r.stages.size() == 5 * 3 + 5 * 2); // read, tlb, send on the sender; a write on each receiver
  using W = Stage::What;
  const double eps = 1e-12;
  // Every helper request costs its work plus one and the same overhead (PCI both ways, the wake-up).
  const double overhead = t(W::read, 0, 0).end - t(W::read, 0, 0).start - 1e-3;
  CHECK(overhead > 0);
  CHECK(overhead < 50e-6);
  const double multicast = t(W::send, 0, 0).end - t(W::send, 0, 0).start;
  for (unsigned c = 0; c < 5; ++c) {
    CAPTURE(c);
    CHECK(t(W::read, c, 0).end - t(W::read, c, 0).start == doctest::Approx(1e-3 + overhead).epsilon(eps));
    CHECK(t(W::tlb, c, 0).end - t(W::tlb, c, 0).start == doctest::Approx(0.5e-3 + overhead).epsilon(eps));
    for (unsigned n : {1u, 2u}) {
      CHECK(t(W::write, c, n).end - t(W::write, c, n).start == doctest::Approx(2.5e-3 + overhead).epsilon(eps));
      // A chunk is written once it has arrived, after the previous one, and both receivers alike.
      CHECK(t(W::write, c, n).start >= t(W::send, c, 0).start);
      if (c > 0)
        CHECK(t(W::write, c, n).start >= t(W::write, c - 1, n).end);
      CHECK(t(W::write, c, n).end == t(W::write, c, 1).end);
    }
    // The TLB service follows the read; the multicast is issued once it is done (plus the descriptor's cycles).
    CHECK(t(W::tlb, c, 0).start >= t(W::read, c, 0).end);
    CHECK(t(W::send, c, 0).start == t(W::tlb, c, 0).end);
    // Every multicast of a full chunk takes the same time (nothing else on the network).
    CHECK(t(W::send, c, 0).end - t(W::send, c, 0).start == doctest::Approx(multicast).epsilon(eps));
    if (c > 0) {
      // Double buffering: chunk c is read while chunk c-1 is multicast, into the buffer chunk c-2 left.
      CHECK(t(W::read, c, 0).start >= t(W::send, c - 1, 0).start);
      CHECK(t(W::read, c, 0).start < t(W::send, c - 1, 0).end);
      // One multicast at a time: "await sent".
      CHECK(t(W::tlb, c, 0).start >= t(W::send, c - 1, 0).end);
    }
    if (c >= 2) {
      // "Await space": chunk c goes only once every receiver has written chunk c-2, and the sender, polling with
      // global queries, learns it within one poll interval and a query's round trip.
      const double free = std::max(t(W::write, c - 2, 1).end, t(W::write, c - 2, 2).end);
      CHECK(t(W::tlb, c, 0).start >= free);
      CHECK(t(W::tlb, c, 0).start - free < 20e-6);
    }
  }
  // With writes slower than the sender, the receivers pace the pipeline: each write starts right after the previous
  // one (the next chunk is already in the other slot).
  for (unsigned c = 2; c < 5; ++c)
    CHECK(t(W::write, c, 1).start - t(W::write, c - 1, 1).end < 50e-6);
  // The sender learns the end within a query of the last write.
  CHECK(r.done >= t(W::write, 4, 1).end);
  CHECK(r.done - t(W::write, 4, 1).end < 20e-6);

  // The launch: the MM notes the transfer at the first tick after it, the processes then take exec_cost, and the
  // MM notes their end at the first tick after it.
  const storm::launch::LaunchRecord& l = launch.record();
  CHECK(l.transfer_noted == doctest::Approx(std::ceil(r.done / spec.tick) * spec.tick).epsilon(1e-12));
  for (unsigned n = 0; n < 3; ++n) {
    CHECK(l.command.at(n) > l.transfer_noted);
    CHECK(l.ended.at(n) - l.command.at(n) >= spec.exec_cost);
    CHECK(l.ended.at(n) - l.command.at(n) < spec.exec_cost + 20e-6);
  }
  const double last = *std::max_element(l.ended.begin(), l.ended.end());
  CHECK(l.done >= std::ceil(last / spec.tick) * spec.tick);
  CHECK(l.done - std::ceil(last / spec.tick) * spec.tick < 20e-6); // the MM's global query
}

TEST_CASE("launch: a one-node job sends nothing and still takes its ticks")
{
  sim::World world(
      sim::Scenario::resolve({{"microbench", {{"collectives", false}}}, {"platform", {{"nodes", 2}}}}, {}));
  storm::launch::JobLaunch launch(world.qsnet_hw(), world.host(), tiny_spec(), 1, 2);
  launch.start();
  world.engine().run();
  CHECK(launch.transfer() == nullptr);
  CHECK(launch.record().transfer_noted == doctest::Approx(0.001));
  // Exec 10 ms from the 1 ms tick: noted at the 12 ms tick (11.00x ms has passed the 11 ms one).
  CHECK(launch.record().done == doctest::Approx(0.012).epsilon(1e-3));
}
