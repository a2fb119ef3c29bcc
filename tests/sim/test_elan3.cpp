// The Elan3 NIC model in simulated time: the thread processor shared by the threads of one NIC, an RDMA get as a
// request packet plus a remote put, and the host's descriptor post and wake-up across PCI.
#include "sim/world.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <doctest/doctest.h>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {
sim::Scenario plain()
{
  return sim::Scenario::resolve({{"microbench", {{"collectives", false}}}}, {});
}
double now() { return sg4::Engine::get_clock(); }
} // namespace

TEST_CASE("threads of one NIC share its 100 MHz thread processor")
{
  sim::World w(plain());
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
  CHECK(other == doctest::Approx(10e-6)); // 1000 cycles at 100 MHz
  CHECK(a == doctest::Approx(20e-6));     // two threads, one processor
  CHECK(b == doctest::Approx(20e-6));
}

TEST_CASE("an RDMA get is a request packet to the remote NIC and a put back")
{
  sim::World w(plain());
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
  sim::World w(plain());
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
