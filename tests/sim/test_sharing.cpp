// How concurrent transfers share the substrate: Elite links per packet (equal shares whatever the distance), and
// the PCI bus (one direction: the one-way rate shared; both directions: the lower mixed rate shared).
#include "models/elan3/dma.hpp"
#include "models/qsnet/platform.hpp"
#include "sim/config/scenario.hpp"
#include "models/elan3/params.hpp"
#include "models/qsnet/params.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <doctest/doctest.h>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {
struct Flow {
  elan3::Endpoint src;
  elan3::Endpoint dst;
  double seconds = 0;       // when it ended
  double start = 0;         // when it starts
  std::uint64_t bytes = 0;  // 0: the common size
};

// Starts every flow (at time 0 unless it says otherwise) on a crescendo platform and returns when each ended.
std::vector<Flow> run_flows(std::vector<Flow> flows, std::uint64_t bytes)
{
  int argc = 2;
  char name[] = "test";
  char log[] = "--log=root.thres:warning";
  char* argv[] = {name, log, nullptr};
  sg4::Engine engine(&argc, argv);
  const auto sc = sim::Scenario::resolve(nlohmann::json::object(), {});
  const auto spec = sc.spec(qsnet::platform_params());
  qsnet::configure_engine();
  const qsnet::Platform platform(spec);
  qsnet::HardwareMulticast multicast(platform, sc.spec(qsnet::multicast_params()));
  elan3::DmaEngine dma(platform, sc.spec(elan3::dma_params()), multicast);
  for (auto& f : flows)
    sg4::Actor::create("flow", platform.nic(f.src.node), [&dma, &f, bytes] {
      sg4::this_actor::sleep_for(f.start);
      dma.put(f.src, f.dst, f.bytes > 0 ? f.bytes : bytes);
      f.seconds = sg4::Engine::get_clock();
    });
  engine.run();
  return flows;
}
constexpr std::uint64_t kBytes = 8 << 20;
constexpr double kMiB = 1048576.0;
const auto elan = elan3::Memory::elan;
const auto main_memory = elan3::Memory::main;
} // namespace

TEST_CASE("two flows into one PCI bus share it equally whatever their distance")
{
  // Node 1 is one switch from node 0, node 16 five: CM02's default max-min would favour the shorter route.
  const auto f = run_flows({{{1, elan}, {0, main_memory}}, {{16, elan}, {0, main_memory}}}, kBytes);
  CHECK(f[0].seconds == doctest::Approx(f[1].seconds).epsilon(0.001).scale(0));
  CHECK(double(kBytes) / f[0].seconds / kMiB == doctest::Approx(305.0 / 2).epsilon(0.01).scale(0));
}

TEST_CASE("PCI one direction - two reads share the one-way rate without turnaround penalty")
{
  const auto f = run_flows({{{0, main_memory}, {1, elan}}, {{0, main_memory}, {2, elan}}}, kBytes);
  // The bus is max(read, write) = 305 MiB/s one way; the read link caps the pair at 290 MiB/s together.
  CHECK(double(kBytes) / f[0].seconds / kMiB == doctest::Approx(290.0 / 2).epsilon(0.01).scale(0));
}

TEST_CASE("PCI both directions - turnaround drops the bus to the mixed rate")
{
  const auto f = run_flows({{{0, main_memory}, {1, elan}}, {{2, elan}, {0, main_memory}}}, kBytes);
  CHECK(double(kBytes) / f[0].seconds / kMiB == doctest::Approx(128).epsilon(0.01).scale(0));
  CHECK(double(kBytes) / f[1].seconds / kMiB == doctest::Approx(128).epsilon(0.01).scale(0));
}

TEST_CASE("PCI - a read that starts while the bus is mixed runs at the one-way rate once the write is over")
{
  // CM02 caps a comm at the smallest bandwidth on its route when it starts; the bus's mixed rate must not
  // become that cap (it did while the bus was switched with set_bandwidth).
  Flow write{{2, elan}, {0, main_memory}};
  write.bytes = 256 << 10;
  Flow read{{0, main_memory}, {1, elan}};
  read.start = 100e-6; // while the write is in flight
  const auto f = run_flows({write, read}, kBytes);
  const double write_end = f[0].seconds;
  const double read_time = f[1].seconds - read.start;
  REQUIRE(write_end > read.start);
  const double one_way = double(kBytes) / (290 * kMiB);
  CHECK(read_time > one_way);
  CHECK(read_time < one_way + (write_end - read.start)); // the overlap costs less than its own length
  CHECK(read_time < double(kBytes) / (256 * kMiB));      // what the mixed cap gave
}
