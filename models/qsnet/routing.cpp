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
  const unsigned h = nca_level(tree, a, b);
  std::vector<Hop> hops;
  if (h == 0)
    return hops;
  hops.reserve(2 * h);
  const unsigned k = tree.arity();
  hops.push_back({a, true});
  // Ascent: the switch at level l is (hi = a / k^l, lo = b mod k^(l-1)); leave by port digit (l-1) of b.
  for (unsigned l = 1; l < h; ++l) {
    const std::uint32_t w = (a / tree.power(l)) * tree.power(l - 1) + b % tree.power(l - 1);
    hops.push_back({tree.up_cable(l, w, (b / tree.power(l - 1)) % k), true});
  }
  // Descent from level h: the child at level l-1 is (hi = b / k^(l-1), lo = b mod k^(l-2)); we enter it
  // through its up port digit (l-2) of b, i.e. along the same cable an ascent towards b would take.
  for (unsigned l = h; l >= 2; --l) {
    const std::uint32_t child = (b / tree.power(l - 1)) * tree.power(l - 2) + b % tree.power(l - 2);
    hops.push_back({tree.up_cable(l - 1, child, (b / tree.power(l - 2)) % k), false});
  }
  hops.push_back({b, false});
  return hops;
}

} // namespace bcssim::qsnet
