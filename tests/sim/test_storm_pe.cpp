// Time-shared processing elements (storm/pe): only the process that holds a PE computes; a descheduled one keeps
// its work where it stopped; each switch costs exactly its PE time; different PEs compute at once.
#include "storm/node_memory.hpp"
#include "storm/pe.hpp"

#include <doctest/doctest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {

constexpr double kSpeed = 1e9; // flop/s of a PE

struct Machine {
  /// node0 (two cores), and single-core nodes 1..single_core_nodes.
  explicit Machine(int single_core_nodes = 0)
  {
    static int argc = 2;
    static char arg0[] = "storm-test", arg1[] = "--log=root.thres:critical";
    static char* argv[] = {arg0, arg1, nullptr};
    engine = std::make_unique<sg4::Engine>(&argc, argv);
    auto* zone = sg4::create_full_zone("node0");
    cpu = zone->create_host("node0.cpu", kSpeed)->set_core_count(2)->seal();
    for (int n = 1; n <= single_core_nodes; ++n)
      single_core.push_back(zone->create_host("node" + std::to_string(n) + ".cpu", kSpeed)->seal());
    zone->seal();
  }
  std::unique_ptr<sg4::Engine> engine;
  sg4::Host* cpu = nullptr;
  std::vector<sg4::Host*> single_core;
};

double now() { return sg4::Engine::get_clock(); }

/// a and b each compute 10 ms on `pe`, which a Node Manager gives to a and b in turn every 4 ms from 0 until both
/// are done. Runs the engine; returns when each ended.
std::pair<double, double> alternate_every_4ms(Machine& m, storm::Pe& pe, storm::ProcessKey a, storm::ProcessKey b)
{
  double end_a = -1, end_b = -1;
  sg4::Actor::create("a", m.cpu, [&] {
    pe.execute(a, 10e-3 * kSpeed);
    end_a = now();
  });
  sg4::Actor::create("b", m.cpu, [&] {
    pe.execute(b, 10e-3 * kSpeed);
    end_b = now();
  });
  sg4::Actor::create("nm", m.cpu, [&] {
    for (int q = 0;; ++q) {
      if (end_a >= 0 && end_b >= 0) // (set by the other actors)
        break;
      pe.switch_to(q % 2 == 0 ? a : b);
      sg4::this_actor::sleep_until((q + 1) * 4e-3);
    }
  });
  m.engine->run();
  return {end_a, end_b};
}

} // namespace

TEST_CASE("two processes on one PE alternate every 4 ms: each computes only while it holds it, switches cost 0.1 ms")
{
  Machine m;
  storm::Pe pe(m.cpu, 0, 0, 100e-6);
  const storm::ProcessKey a{0, 0}, b{1, 0};
  pe.attach(a);
  pe.attach(b);
  const auto [end_a, end_b] = alternate_every_4ms(m, pe, a, b);
  // A: [0.1, 4) + [8.1, 12) = 7.8 ms, then 2.2 ms from 16.1; B: [4.1, 8) + [12.1, 16) + 2.2 ms from 20.1.
  CHECK(end_a == doctest::Approx(18.3e-3).epsilon(1e-12));
  CHECK(end_b == doctest::Approx(22.3e-3).epsilon(1e-12));
  CHECK(pe.cpu_time(a) == doctest::Approx(10e-3).epsilon(1e-12)); // conservation: its work, no more
  CHECK(pe.cpu_time(b) == doctest::Approx(10e-3).epsilon(1e-12));
  CHECK(pe.switches() == 6);
  // Who held it: from the end of each switch to the next switch.
  REQUIRE(pe.history().size() >= 2);
  CHECK(pe.history()[0].who == a);
  CHECK(pe.history()[0].from == doctest::Approx(0.1e-3).epsilon(1e-12));
  CHECK(pe.history()[0].to == doctest::Approx(4e-3).epsilon(1e-12));
  CHECK(pe.history()[1].who == b);
  CHECK(pe.history()[1].from == doctest::Approx(4.1e-3).epsilon(1e-12));
}

TEST_CASE("a process switched back in refills what the other pushed out of the cache, as work of its own")
{
  // A reuses 1 MiB (capped at the 256 KiB cache), B 64 KiB; refills at 1 GB/s. Each first computation refills
  // nothing (its compulsory misses are in its own compute time) but fills the cache; after that each process
  // switched back in refills the 64 KiB the other loaded since (B's first fill, then each refill): 65.536 us.
  Machine m;
  storm::Pe pe(m.cpu, 0, 0, 0, storm::CacheSpec{256 * 1024, 1e9});
  const storm::ProcessKey a{0, 0}, b{1, 0};
  pe.attach(a, 1024 * 1024);
  pe.attach(b, 64 * 1024);
  const auto [end_a, end_b] = alternate_every_4ms(m, pe, a, b);
  const double refill = 65536 / 1e9;
  // A: [0, 4) + [8, 12) less one refill, then at 16 the rest and a second refill.
  CHECK(end_a == doctest::Approx(16e-3 + (10e-3 - 8e-3 + refill) + refill).epsilon(1e-12));
  CHECK(end_b == doctest::Approx(20e-3 + (10e-3 - 8e-3 + refill) + refill).epsilon(1e-12));
  CHECK(pe.refills() == 4);
  CHECK(pe.refilled_bytes() == 4 * 65536.0);
  CHECK(pe.cpu_time(a) == doctest::Approx(10e-3 + 2 * refill).epsilon(1e-12)); // the refill is its own CPU time
}

TEST_CASE("with the node's memory oversubscribed, a process switched back in pages its loss in and others out")
{
  // 100 kB of memory, two processes of 60 kB on one PE, paging at 1 GB/s, 4 ms quanta. B's first run pushes 20 kB
  // of A out (20 us on the swap disk, its PE idle: its own first touch is free); from then on each process
  // switched in pages 20 kB of the other out and 20 kB in: 40 us each time, before it computes.
  Machine m;
  storm::NodeMemory memory(storm::MemorySpec{100e3, 1e9}, m.cpu);
  storm::Pe pe(m.cpu, 0, 0, 0, storm::CacheSpec{}, &memory);
  const storm::ProcessKey a{0, 0}, b{1, 0};
  pe.attach(a, 0, 60e3);
  pe.attach(b, 0, 60e3);
  const auto [end_a, end_b] = alternate_every_4ms(m, pe, a, b);
  // A: 4 ms in [0, 4), then 40 us of paging at 8 and at 16: done 2 ms + 2 x 40 us after 16.
  CHECK(end_a == doctest::Approx(16e-3 + 2e-3 + 2 * 40e-6).epsilon(1e-12));
  // B: 20 us at 4, then 40 us at 12 and at 20: done 2 ms + 20 us + 2 x 40 us after 20.
  CHECK(end_b == doctest::Approx(20e-3 + 2e-3 + 20e-6 + 2 * 40e-6).epsilon(1e-12));
  CHECK(memory.paged_in() == doctest::Approx(4 * 20e3));
  CHECK(memory.paged_out() == doctest::Approx(5 * 20e3));
  CHECK(pe.paged_bytes() == doctest::Approx(9 * 20e3));
  CHECK(pe.cpu_time(a) == doctest::Approx(10e-3).epsilon(1e-12)); // paging is no CPU time: the PE waits
  CHECK(pe.work_done() == doctest::Approx(20e-3).epsilon(1e-12));
}

TEST_CASE("the PEs of a node share its swap disk: two processes paging at once take twice as long")
{
  // Two jobs of two 100 kB processes, one process of each on each of two PEs, 200 kB of memory. Job a runs first
  // and fills it; when job b is switched in, each of its processes pushes 100 kB of a's out at the same time as
  // the other: 200 kB through the node's one 1 GB/s disk, 200 us for both, where one alone would take 100 us.
  Machine m;
  storm::NodeMemory memory(storm::MemorySpec{200e3, 1e9}, m.cpu);
  storm::Pe pe0(m.cpu, 0, 0, 0, storm::CacheSpec{}, &memory), pe1(m.cpu, 0, 1, 0, storm::CacheSpec{}, &memory);
  const storm::ProcessKey a0{0, 0}, a1{0, 1}, b0{1, 0}, b1{1, 1};
  pe0.attach(a0, 0, 100e3);
  pe1.attach(a1, 0, 100e3);
  pe0.attach(b0, 0, 100e3);
  pe1.attach(b1, 0, 100e3);
  double end_b0 = -1, end_b1 = -1, end_a0 = -1, end_a1 = -1;
  sg4::Actor::create("a0", m.cpu, [&] {
    pe0.execute(a0, 1e-3 * kSpeed);
    end_a0 = now();
  });
  sg4::Actor::create("a1", m.cpu, [&] {
    pe1.execute(a1, 1e-3 * kSpeed);
    end_a1 = now();
  });
  sg4::Actor::create("b0", m.cpu, [&] {
    pe0.execute(b0, 1e-3 * kSpeed);
    end_b0 = now();
  });
  sg4::Actor::create("b1", m.cpu, [&] {
    pe1.execute(b1, 1e-3 * kSpeed);
    end_b1 = now();
  });
  sg4::Actor::create("nm", m.cpu, [&] {
    // Job a first (it fills the memory: its own first touch is free), then job b at 2 ms, as a Node Manager
    // switches a node: every outgoing process released and every incoming one held before any PE switches.
    memory.hold(a0);
    memory.hold(a1);
    pe0.switch_to(a0);
    pe1.switch_to(a1);
    sg4::this_actor::sleep_until(2e-3);
    memory.release(a0);
    memory.release(a1);
    memory.hold(b0);
    memory.hold(b1);
    pe0.switch_to(b0);
    pe1.switch_to(b1);
  });
  m.engine->run();
  CHECK(end_a0 == doctest::Approx(1e-3).epsilon(1e-12));
  CHECK(end_a1 == doctest::Approx(1e-3).epsilon(1e-12));
  // b0 and b1 each push 100 kB of a's out (no page-in: their first run) at the same time: 200 kB, 200 us.
  CHECK(end_b0 == doctest::Approx(2e-3 + 200e-6 + 1e-3).epsilon(1e-12));
  CHECK(end_b1 == doctest::Approx(2e-3 + 200e-6 + 1e-3).epsilon(1e-12));
  CHECK(memory.paged_out() == doctest::Approx(200e3));
}

TEST_CASE("footprints that fit in the node's memory never page, and an exited process frees its memory")
{
  storm::NodeMemory memory(storm::MemorySpec{100e3, 1e9});
  const storm::ProcessKey a{0, 0}, b{1, 0}, c{2, 0};
  memory.attach(a, 50e3);
  memory.attach(b, 50e3);
  auto moved = [&](storm::ProcessKey p) {
    const storm::NodeMemory::Paging paging = memory.touch(p);
    return paging.in + paging.out;
  };
  CHECK(moved(a) == 0);
  CHECK(moved(b) == 0);
  memory.release(a);
  CHECK(moved(a) == 0); // still resident
  memory.detach(b);
  memory.attach(c, 50e3);
  CHECK(moved(c) == 0); // b's 50 kB were freed
  memory.release(a);
  memory.attach(b, 30e3); // b placed again: it needs 30 kB that only a (not holding a PE) can give
  const storm::NodeMemory::Paging paging = memory.touch(b);
  CHECK(paging.in == 0); // its first run: its own first touch
  CHECK(paging.out == 30e3);
  CHECK(memory.resident(a) == 20e3);
  CHECK(memory.resident(c) == 50e3); // c holds its PE: taken last
  CHECK_THROWS_AS(memory.attach(storm::ProcessKey{3, 0}, 101e3), std::invalid_argument);
  CHECK_THROWS_AS(storm::NodeMemory(storm::MemorySpec{1e6, 0}), std::invalid_argument);
}

TEST_CASE("paging victims: those the Node Manager released, least recently first, never a process it switched in")
{
  // Two jobs of two processes on a node that holds three footprints and a half. The Node Manager switches the
  // whole node at once: it releases job 1's processes and holds job 0's before either of job 0's runs, so the
  // order in which job 0's processes then touch their memory (SimGrid's order) cannot make one of them the
  // other's victim, although its pages are the oldest.
  storm::NodeMemory memory(storm::MemorySpec{350e3, 1e9});
  const storm::ProcessKey a0{0, 0}, a1{0, 1}, b0{1, 0}, b1{1, 1};
  for (const auto p : {a0, a1, b0, b1})
    memory.attach(p, 100e3);
  memory.hold(a0);
  memory.hold(a1);
  memory.touch(a0);
  memory.touch(a1);
  memory.release(a0); // the switch to job 1: released in PE order
  memory.release(a1);
  memory.hold(b0);
  memory.hold(b1);
  CHECK(memory.touch(b1).out == 0);
  CHECK(memory.touch(b0).out == 50e3); // the least recently released: a0
  CHECK(memory.resident(a0) == 50e3);
  memory.release(b0); // back to job 0
  memory.release(b1);
  memory.hold(a0);
  memory.hold(a1);
  const storm::NodeMemory::Paging a1_paging = memory.touch(a1); // a1 first: a0 is held, so not a victim
  CHECK(a1_paging.in == 0);
  CHECK(a1_paging.out == 0);
  const storm::NodeMemory::Paging a0_paging = memory.touch(a0);
  CHECK(a0_paging.in == 50e3);
  CHECK(a0_paging.out == 50e3);
  CHECK(memory.resident(b0) == 50e3); // released before b1
  CHECK(memory.resident(b1) == 100e3);
}

TEST_CASE("processes on different PEs of a node compute at once, each at a whole PE's speed")
{
  Machine m;
  storm::Pe pe0(m.cpu, 0, 0, 100e-6), pe1(m.cpu, 0, 1, 100e-6);
  const storm::ProcessKey a{0, 0}, b{0, 1};
  pe0.attach(a);
  pe1.attach(b);
  double end_a = -1, end_b = -1;
  sg4::Actor::create("a", m.cpu, [&] {
    pe0.execute(a, 5e-3 * kSpeed);
    end_a = now();
  });
  sg4::Actor::create("b", m.cpu, [&] {
    pe1.execute(b, 5e-3 * kSpeed);
    end_b = now();
  });
  sg4::Actor::create("nm", m.cpu, [&] {
    pe0.switch_to(a);
    pe1.switch_to(b);
  });
  m.engine->run();
  CHECK(end_a == doctest::Approx(5.1e-3).epsilon(1e-12));
  CHECK(end_b == doctest::Approx(5.2e-3).epsilon(1e-12)); // the NM switched PE 1 after PE 0
}

TEST_CASE("giving a PE to the process that holds it costs nothing, and an idle PE computes nothing")
{
  Machine m;
  storm::Pe pe(m.cpu, 0, 0, 100e-6);
  const storm::ProcessKey a{0, 0};
  pe.attach(a);
  double end_a = -1;
  sg4::Actor::create("a", m.cpu, [&] {
    pe.execute(a, 1e-3 * kSpeed);
    end_a = now();
  });
  sg4::Actor::create("nm", m.cpu, [&] {
    pe.switch_to(std::nullopt); // idle already: nothing to do, no cost; a waits
    sg4::this_actor::sleep_until(2e-3);
    pe.switch_to(a);
    pe.switch_to(a); // already its
  });
  m.engine->run();
  CHECK(end_a == doctest::Approx(2e-3 + 100e-6 + 1e-3).epsilon(1e-12));
  CHECK(pe.switches() == 1);
  CHECK_THROWS_AS(pe.attach(a), std::logic_error);
}

TEST_CASE("a process whose work ends at the very instant its PE is switched away starts no more work there")
{
  // The same schedule on six single-core nodes. Their actors are created in either order, and the Node Manager
  // switches 0, 1 or 2 scheduling rounds after the instant begins (as when woken by a multicast's delivery), so that
  // SimGrid runs its switch before, between and after the steps of the process starting its next piece of work.
  constexpr int kNodes = 6;
  Machine m(kNodes);
  std::vector<std::unique_ptr<storm::Pe>> pes;
  std::vector<double> end_a(kNodes, -1), end_b(kNodes, -1);
  const storm::ProcessKey a{0, 0}, b{1, 0};
  for (int n = 0; n < kNodes; ++n) {
    sg4::Host* cpu = m.single_core[std::size_t(n)];
    pes.push_back(std::make_unique<storm::Pe>(cpu, unsigned(n + 1), 0, 0.0));
    storm::Pe& pe = *pes.back();
    pe.attach(a);
    pe.attach(b);
    auto process_a = [&pe, &end_a, a, n] {
      for (int chunk = 0; chunk < 3; ++chunk) // 2 ms each: the second ends exactly at the 4 ms switch
        pe.execute(a, 2e-3 * kSpeed);
      end_a[std::size_t(n)] = now();
    };
    auto process_b = [&pe, &end_b, b, n] {
      pe.execute(b, 4e-3 * kSpeed);
      end_b[std::size_t(n)] = now();
    };
    auto node_manager = [&pe, a, b, rounds = n / 2] {
      pe.switch_to(a);
      sg4::this_actor::sleep_until(4e-3);
      for (int r = 0; r < rounds; ++r)
        sg4::this_actor::yield();
      pe.switch_to(b);
      sg4::this_actor::sleep_until(8e-3);
      pe.switch_to(a);
    };
    if (n % 2 == 0) {
      sg4::Actor::create("a", cpu, process_a);
      sg4::Actor::create("b", cpu, process_b);
      sg4::Actor::create("nm", cpu, node_manager);
    } else {
      sg4::Actor::create("nm", cpu, node_manager);
      sg4::Actor::create("b", cpu, process_b);
      sg4::Actor::create("a", cpu, process_a);
    }
  }
  m.engine->run();
  for (int n = 0; n < kNodes; ++n) {
    CAPTURE(n);
    CHECK(end_b[std::size_t(n)] == doctest::Approx(8e-3).epsilon(1e-12));  // B had the whole PE from 4 to 8 ms
    CHECK(end_a[std::size_t(n)] == doctest::Approx(10e-3).epsilon(1e-12)); // A's third chunk waited for 8 ms
    CHECK(pes[std::size_t(n)]->cpu_time(a) == doctest::Approx(6e-3).epsilon(1e-12));
  }
}
