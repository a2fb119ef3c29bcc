// The Elan3 NIC model in simulated time: the thread processor shared by the threads of one NIC, an RDMA get as a
// request packet plus a remote put, the host's descriptor post and wake-up across PCI, and the Tports thread's
// explicit keys for items that reach it at the same instant.
#include "models/elan3/params.hpp"
#include "sim/machine/world.hpp"
#include "world_harness.hpp"

#include <map>
#include <string>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <doctest/doctest.h>

using namespace bcssim;
using test::now;
namespace sg4 = simgrid::s4u;

TEST_CASE("shared: threads of one NIC share its 100 MHz thread processor")
{
  sim::World w(sim::Scenario::resolve(
      {{"microbench", {{"collectives", false}}}, {"platform", {{"nic", {{"thread_processor", "shared"}}}}}}, {}));
  double a = 0, b = 0, other = 0;
  sg4::Actor::create("t1", w.platform().nic(0), [&] {
    elan3::run_cycles(1000);
    a = now();
  });
  sg4::Actor::create("t2", w.platform().nic(0), [&] {
    elan3::run_cycles(1000);
    b = now();
  });
  sg4::Actor::create("t3", w.platform().nic(1), [&] {
    elan3::run_cycles(1000);
    other = now();
  });
  w.engine().run();
  CHECK(other == doctest::Approx(10e-6).scale(0)); // 1000 cycles at 100 MHz
  CHECK(a == doctest::Approx(20e-6).scale(0));     // two threads, one processor
  CHECK(b == doctest::Approx(20e-6).scale(0));
}

TEST_CASE("one_at_a_time: the thread processor runs one operation at a time, ties in thread order, not actor order")
{
  sim::World w(sim::Scenario::resolve(
      {{"microbench", {{"collectives", false}}}, {"platform", {{"nic", {{"thread_processor", "one_at_a_time"}}}}}},
      {}));
  std::map<std::string, double> end;
  auto thread = [&](const char* name, double start, double cycles, unsigned nic) {
    sg4::Actor::create(name, w.platform().nic(nic), [&end, name, start, cycles] {
      if (start > 0)
        sg4::this_actor::sleep_until(start);
      elan3::run_cycles(cycles);
      end[name] = now();
    });
  };
  // Created (and so run by SimGrid) b before a: a still goes first, as the two arrive at the same instant.
  thread("b", 0, 1000, 0);
  thread("a", 0, 1000, 0);
  thread("c", 5e-6, 500, 0);   // arrives while a runs: waits for a and b
  thread("d", 0, 1000, 1);     // another NIC's processor
  thread("e", 40e-6, 1000, 0); // arrives at an idle processor
  w.engine().run();
  CHECK(end.at("a") == doctest::Approx(10e-6).scale(0)); // 1000 cycles at 100 MHz, alone on the processor
  CHECK(end.at("b") == doctest::Approx(20e-6).scale(0));
  CHECK(end.at("c") == doctest::Approx(25e-6).scale(0));
  CHECK(end.at("d") == doctest::Approx(10e-6).scale(0));
  CHECK(end.at("e") == 40e-6 + 1000 / 100e6); // alone: the instant shared would give, to the bit
}

TEST_CASE("one_at_a_time under NIC noise: one operation at a time, each slowed by the detour it meets")
{
  // Every NIC detours at 0 for 10 us, at half speed (aligned noise), then every 100 us.
  sim::World w(sim::Scenario::resolve(
      {{"microbench", {{"collectives", false}}},
       {"platform", {{"nic", {{"thread_processor", "one_at_a_time"}}}}},
       {"noise", {{"nic", {{"period", "100us"}, {"duration", "10us"}, {"share", 0.5}, {"phase", "aligned"}}}}}},
      {}));
  std::map<std::string, double> end;
  auto thread = [&](const char* name, double start, double cycles) {
    return sg4::Actor::create(name, w.platform().nic(0), [&end, name, start, cycles] {
      if (start > 0)
        sg4::this_actor::sleep_until(start);
      elan3::run_cycles(cycles);
      end[name] = now();
    });
  };
  thread("b", 0, 1000);
  thread("a", 0, 1000);
  thread("c", 12e-6, 500);  // arrives while b runs
  thread("d", 50e-6, 1000); // alone, between detours
  // Killed while they hold the core or wait for it: the next in line goes on at once.
  const sg4::ActorPtr e = thread("e", 200e-6, 1000);
  const sg4::ActorPtr f = thread("f", 200e-6, 1000);
  thread("g", 200e-6, 1000);
  sg4::Actor::create("killer", w.platform().nic(1), [e, f] {
    sg4::this_actor::sleep_until(202e-6);
    e->kill(); // holds the core
    f->kill(); // next in line
  });
  w.engine().run();
  CHECK(end.count("e") == 0);
  CHECK(end.count("f") == 0);
  // g from 202 us: 8 us of the detour at half speed (400 cycles), then 600 cycles at full speed.
  CHECK(end.at("g") == doctest::Approx(216e-6).epsilon(1e-9));
  // a: 500 cycles at 50 MHz in the detour, then 500 at 100 MHz (shared would end a and b together at 25 us).
  CHECK(end.at("a") == doctest::Approx(15e-6).epsilon(1e-9));
  CHECK(end.at("b") == doctest::Approx(25e-6).epsilon(1e-9));
  CHECK(end.at("c") == doctest::Approx(30e-6).epsilon(1e-9));
  CHECK(end.at("d") == doctest::Approx(60e-6).epsilon(1e-9));
}

TEST_CASE("an RDMA get is a request packet to the remote NIC and a put back")
{
  sim::World w(test::plain_scenario());
  double put = 0, get = 0;
  sg4::Actor::create("bench", w.platform().nic(0), [&] {
    double t0 = now();
    w.dma().put({1, elan3::Memory::main}, {0, elan3::Memory::elan}, 4096);
    put = now() - t0;
    t0 = now();
    w.dma().get({0, elan3::Memory::elan}, {1, elan3::Memory::main}, 4096);
    get = now() - t0;
  });
  w.engine().run();
  const double request = w.platform().true_latency(w.platform().nic(0), w.platform().nic(1));
  CHECK(get > put + request);
  CHECK(get < put + request + 1e-6); // plus 64 bytes at link rate
}

TEST_CASE("a descriptor post and a host wake-up cross the PCI bus")
{
  sim::World w(test::plain_scenario());
  double post = 0, wake = 0;
  sg4::Actor::create("process", w.platform().cpu(3), [&] {
    w.host().post_descriptor(3);
    post = now();
  });
  sg4::Actor::create("thread", w.platform().nic(5), [&] {
    w.host().notify_host(5);
    wake = now();
  });
  w.engine().run();
  // host_post 500 ns + 64 B read across PCI at 290 MiB/s; the NIC's 8-byte write at 305 MiB/s + host_wake 500 ns.
  CHECK(post == doctest::Approx(500e-9 + 64 / (290.0 * 1048576)).epsilon(1e-9));
  CHECK(wake == doctest::Approx(500e-9 + 8 / (305.0 * 1048576)).epsilon(1e-9));
}

namespace {
// Two messages from node 1 reach node 0's Tports thread at the same instant, for endpoints 0 and 1 (both on node
// 0, receives posted beforehand). `reversed`: the sender of endpoint 1's message is created first. Returns when
// each receive completed.
std::pair<double, double> simultaneous_arrivals(bool reversed)
{
  const auto sc = test::plain_scenario();
  sim::World w(sc);
  elan3::tports::Tports tports(w.dma(), w.host(), sc.spec(elan3::tports_params()), {0, 0, 1, 1});
  double done[2] = {-1, -1};
  auto received = sg4::Semaphore::create(0);
  sg4::Actor::create("receiver", w.platform().cpu(0), [&] {
    for (int ep = 0; ep < 2; ++ep)
      tports.post_receive(ep, base::Pattern{base::ANY_SOURCE, base::ANY_TAG, 0}, nullptr, 1024,
                          [&done, ep, received](const base::Envelope&, double) {
                            done[ep] = now();
                            received->release();
                          });
    received->acquire(); // the process waits for its receives (the Tports threads are daemons)
    received->acquire();
  });
  auto sender = [&](int from, int to) {
    sg4::Actor::create("sender", w.platform().cpu(1), [&tports, from, to] {
      sg4::this_actor::sleep_until(20e-6); // the receives are posted by then
      tports.send(from, to, 0, 0, 1024, nullptr, nullptr);
    });
  };
  if (reversed) {
    sender(3, 1);
    sender(2, 0);
  } else {
    sender(2, 0);
    sender(3, 1);
  }
  w.engine().run();
  tports.stop();
  return {done[0], done[1]};
}
} // namespace

// The NIC thread takes same-instant items by explicit keys (endpoint first), not by SimGrid's actor order: both
// orders of creating the senders give the same times, endpoint 0's receive first. (With a plain FIFO the
// reverse order matched endpoint 1 first.) The second waits for the first's matching on the NIC thread (its
// walk of one posted receive: nic_message_cycles + nic_walk_cycles) and its DMA.
// s, as simulated with the keys (each single-packet transfer served as a packet, the default since 2026-11-29:
// 0.21 us earlier than under a fluid share)
constexpr double kFirst = 36.0491e-6, kSecond = 36.4891e-6;

TEST_CASE("Tports takes same-instant arrivals by endpoint - senders in endpoint order")
{
  const auto [ep0, ep1] = simultaneous_arrivals(false);
  CHECK(ep0 == doctest::Approx(kFirst).scale(0).epsilon(1e-6));
  CHECK(ep1 == doctest::Approx(kSecond).scale(0).epsilon(1e-6));
}

TEST_CASE("Tports takes same-instant arrivals by endpoint - senders in reverse order")
{
  const auto [ep0, ep1] = simultaneous_arrivals(true);
  CHECK(ep0 == doctest::Approx(kFirst).scale(0).epsilon(1e-6));
  CHECK(ep1 == doctest::Approx(kSecond).scale(0).epsilon(1e-6));
}
