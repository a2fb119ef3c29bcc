#include "models/qsnet/routing.hpp"

namespace bcssim::qsnet {

unsigned nca_level(const KAryNTree& tree, std::uint32_t a, std::uint32_t b)
{
  unsigned h = 0;
  while (a / tree.power(h) != b / tree.power(h))
    ++h;
  return h;
}

unsigned switches_on_route(const KAryNTree& tree, std::uint32_t a, std::uint32_t b)
{
  const unsigned h = nca_level(tree, a, b);
  return h == 0 ? 0 : 2 * h - 1;
}

std::vector<Hop> route(const KAryNTree& tree, std::uint32_t a, std::uint32_t b)
{
  std::vector<Hop> hops;
  hops.reserve(2 * nca_level(tree, a, b));
  for_each_hop(tree, a, b, [&hops](const Hop& hop) { hops.push_back(hop); });
  return hops;
}

} // namespace bcssim::qsnet
