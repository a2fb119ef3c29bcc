#include "sim/kinds/launch/launch_model.hpp"

#include <algorithm>
#include <cmath>

namespace bcssim::sim {

double model_diameter(unsigned nodes) { return std::sqrt(2.0 * double(nodes)); }

unsigned model_switches(unsigned nodes)
{
  unsigned levels = 0;
  for (std::uint64_t span = 1; span < nodes; span *= 4)
    ++levels;
  return levels == 0 ? 0 : 2 * levels - 1;
}

double model_broadcast_bandwidth(const qsnet::LinkTiming& timing, unsigned nodes)
{
  return qsnet::thesis_bandwidth(timing, model_diameter(nodes), model_switches(nodes));
}

ModelLaunch model_launch(const qsnet::LinkTiming& timing, unsigned nodes, std::uint64_t bytes, double exec_cost,
                         double tick)
{
  const double fixed = exec_cost + 2 * tick;
  if (nodes <= 1) // nothing to send
    return ModelLaunch{fixed, fixed};
  const double broadcast = model_broadcast_bandwidth(timing, nodes);
  return ModelLaunch{double(bytes) / std::min(kEs40TransferBound, broadcast) + fixed,
                     double(bytes) / broadcast + fixed};
}

} // namespace bcssim::sim
