#include "sim/kinds/microbench/microbench.hpp"

#include "base/event_stream.hpp"
#include "models/qsnet/routing.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <stdexcept>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;

MemoryPath parse_memory_path(const std::string& name)
{
  const auto dash = name.find('-');
  auto memory = [&](const std::string& m) {
    if (m == "elan")
      return elan3::Memory::elan;
    if (m == "main")
      return elan3::Memory::main;
    throw std::invalid_argument("memory path '" + name + "': expected elan-elan, elan-main, main-elan or main-main");
  };
  if (dash == std::string::npos)
    memory("");
  return MemoryPath{memory(name.substr(0, dash)), memory(name.substr(dash + 1)), name};
}

namespace {

Measurement timed_put(const qsnet::Platform& platform, elan3::DmaEngine& dma, const std::string& test,
                      const MemoryPath& path, unsigned a, unsigned b, std::uint64_t bytes)
{
  const double start = sg4::Engine::get_clock();
  dma.put({a, path.src}, {b, path.dst}, bytes);
  const double end = sg4::Engine::get_clock();
  return Measurement{test,
                     path.name,
                     a,
                     b,
                     qsnet::switches_on_route(platform.tree(), a, b),
                     platform.route_cable_m(a, b),
                     bytes,
                     base::to_ns(end) - base::to_ns(start)};
}

} // namespace

sg4::ActorPtr start_microbench(const qsnet::Platform& platform, elan3::DmaEngine& dma, const MicrobenchSpec& spec,
                               std::vector<Measurement>& out)
{
  return sg4::Actor::create("bench", platform.nic(spec.src), [&platform, &dma, spec, &out] {
    for (const MemoryPath& path : spec.paths)
      for (std::uint64_t size : spec.sizes)
        out.push_back(timed_put(platform, dma, "oneway", path, spec.src, spec.dst, size));

    if (spec.bidirectional) {
      for (const MemoryPath& path : spec.paths) {
        Measurement there{};
        Measurement back{};
        auto forward = sg4::Actor::create("bidir.fwd", platform.nic(spec.src), [&] {
          there = timed_put(platform, dma, "bidirectional", path, spec.src, spec.dst, spec.bandwidth_size);
        });
        auto reverse = sg4::Actor::create("bidir.rev", platform.nic(spec.dst), [&] {
          back = timed_put(platform, dma, "bidirectional", path, spec.dst, spec.src, spec.bandwidth_size);
        });
        forward->join();
        reverse->join();
        out.push_back(there);
        out.push_back(back);
      }
    }

    if (spec.distance) {
      const qsnet::KAryNTree& tree = platform.tree();
      for (unsigned h = 1; h <= tree.levels() && tree.power(h) <= platform.nodes(); ++h)
        out.push_back(
            timed_put(platform, dma, "distance", spec.distance_path, 0, tree.power(h) - 1, spec.bandwidth_size));
    }
  });
}

} // namespace bcssim::sim
