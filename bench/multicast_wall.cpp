// Wall time of one hardware multicast to 4095 nodes against unicast puts on the same 4096-node ASCI Q platform
// (issue 5: a multicast is one simulated activity, so it must cost about what a few unicasts cost).
// Usage: bench_multicast_wall [count]   — prints wall microseconds per operation; never part of the tests.
#include "bcs/core/node_set.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

int main(int argc, char** argv)
{
  const int count = argc > 1 ? std::atoi(argv[1]) : 200;
  nlohmann::json user = {{"platform", {{"preset", "asci-q"}, {"nodes", 4096}}},
                         {"microbench", {{"collectives", false}}}};
  const auto build_start = std::chrono::steady_clock::now();
  sim::World w(sim::Scenario::resolve(user, {}));
  const double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count();

  double multicast_wall = 0, unicast_wall = 0, multicast_sim = 0, unicast_sim = 0;
  sg4::Actor::create("bench", w.platform().nic(0), [&] {
    auto timed = [&](auto&& op, double& wall, double& sim) {
      const auto t0 = std::chrono::steady_clock::now();
      const double s0 = sg4::Engine::get_clock();
      for (int i = 0; i < count; ++i)
        op();
      wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / count;
      sim = (sg4::Engine::get_clock() - s0) / count;
    };
    timed(
        [&] {
          w.dma().multicast({0, elan3::Memory::elan}, 1, 4095, elan3::Memory::elan, 1 << 20);
        },
        multicast_wall, multicast_sim);
    timed(
        [&] {
          w.dma().put({0, elan3::Memory::elan}, {4095, elan3::Memory::elan}, 1 << 20);
        },
        unicast_wall, unicast_sim);
  });
  w.engine().run();
  std::printf("platform build (4096 nodes): %.3f s\n", build);
  std::printf("multicast 1 MiB to 4095 nodes: %.1f us wall, %.1f us simulated\n", multicast_wall * 1e6,
              multicast_sim * 1e6);
  std::printf("unicast   1 MiB node 0 -> 4095: %.1f us wall, %.1f us simulated\n", unicast_wall * 1e6,
              unicast_sim * 1e6);
  std::printf("multicast / unicast wall: %.2f\n", multicast_wall / unicast_wall);
  return 0;
}
