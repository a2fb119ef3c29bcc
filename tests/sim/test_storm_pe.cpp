// Time-shared processing elements (storm/pe): only the process that holds a PE computes; a descheduled one keeps
// its work where it stopped; each switch costs exactly its PE time; different PEs compute at once.
#include "storm/pe.hpp"

#include <doctest/doctest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <optional>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {

constexpr double kSpeed = 1e9; // flop/s of a PE

struct Machine {
  Machine()
  {
    static int argc = 2;
    static char arg0[] = "storm-test", arg1[] = "--log=root.thres:critical";
    static char* argv[] = {arg0, arg1, nullptr};
    engine = std::make_unique<sg4::Engine>(&argc, argv);
    auto* zone = sg4::create_full_zone("node0");
    cpu = zone->create_host("node0.cpu", kSpeed)->set_core_count(2)->seal();
    zone->seal();
  }
  std::unique_ptr<sg4::Engine> engine;
  sg4::Host* cpu = nullptr;
};

double now() { return sg4::Engine::get_clock(); }

} // namespace

TEST_CASE("two processes on one PE alternate every 4 ms: each computes only while it holds it, switches cost 0.1 ms")
{
  Machine m;
  storm::Pe pe(m.cpu, 0, 0, 100e-6);
  const storm::ProcessKey a{0, 0}, b{1, 0};
  pe.attach(a);
  pe.attach(b);
  double end_a = -1, end_b = -1;
  sg4::Actor::create("a", m.cpu, [&] { pe.execute(a, 10e-3 * kSpeed); end_a = now(); });
  sg4::Actor::create("b", m.cpu, [&] { pe.execute(b, 10e-3 * kSpeed); end_b = now(); });
  sg4::Actor::create("nm", m.cpu, [&] {
    for (int q = 0;; ++q) { // until both are done (they set end_a and end_b from their own actors)
      if (end_a >= 0 && end_b >= 0)
        break;
      pe.switch_to(q % 2 == 0 ? a : b);
      sg4::this_actor::sleep_until((q + 1) * 4e-3);
    }
  });
  m.engine->run();
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

TEST_CASE("processes on different PEs of a node compute at once, each at a whole PE's speed")
{
  Machine m;
  storm::Pe pe0(m.cpu, 0, 0, 100e-6), pe1(m.cpu, 0, 1, 100e-6);
  const storm::ProcessKey a{0, 0}, b{0, 1};
  pe0.attach(a);
  pe1.attach(b);
  double end_a = -1, end_b = -1;
  sg4::Actor::create("a", m.cpu, [&] { pe0.execute(a, 5e-3 * kSpeed); end_a = now(); });
  sg4::Actor::create("b", m.cpu, [&] { pe1.execute(b, 5e-3 * kSpeed); end_b = now(); });
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
  sg4::Actor::create("a", m.cpu, [&] { pe.execute(a, 1e-3 * kSpeed); end_a = now(); });
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
