#pragma once
// Minimal routing in the k-ary n-tree (thesis §2.2.2.1): ascend to a nearest common ancestor, then descend.
// QsNet adapts the ascent to load; we choose it deterministically by destination-mod-k (Zahavi's d-mod-k):
// at switch level l the packet leaves through up port (dst / k^(l-1)) mod k. All flows to one destination
// therefore meet at one top switch and share its unique descent, and shift permutations are contention free.
#include "models/qsnet/topology.hpp"

#include <vector>

namespace bcssim::qsnet {

struct Hop {
  std::uint32_t cable;
  bool up; // true: lower end to upper end
};

/// Level of the nearest common ancestors of nodes a and b: 0 if a == b, else the smallest h with a/k^h == b/k^h.
unsigned nca_level(const KAryNTree& tree, std::uint32_t a, std::uint32_t b);

/// Elite switches crossed from a to b: 2h - 1 (0 when a == b).
unsigned switches_on_route(const KAryNTree& tree, std::uint32_t a, std::uint32_t b);

/// Calls visit(Hop) for each cable from node a to node b, in order: h up, then h down; none when a == b. (Every comm
/// asks for its route twice, its links and its latency: no vector is built for it.)
template <class Visit> void for_each_hop(const KAryNTree& tree, std::uint32_t a, std::uint32_t b, Visit&& visit)
{
  const unsigned h = nca_level(tree, a, b);
  if (h == 0)
    return;
  const unsigned k = tree.arity();
  visit(Hop{a, true});
  // Ascent: the switch at level l is (hi = a / k^l, lo = b mod k^(l-1)); leave by port digit (l-1) of b.
  for (unsigned l = 1; l < h; ++l) {
    const std::uint32_t w = (a / tree.power(l)) * tree.power(l - 1) + b % tree.power(l - 1);
    visit(Hop{tree.up_cable(l, w, (b / tree.power(l - 1)) % k), true});
  }
  // Descent from level h: the child at level l-1 is (hi = b / k^(l-1), lo = b mod k^(l-2)); we enter it
  // through its up port digit (l-2) of b, i.e. along the same cable an ascent towards b would take.
  for (unsigned l = h; l >= 2; --l) {
    const std::uint32_t child = (b / tree.power(l - 1)) * tree.power(l - 2) + b % tree.power(l - 2);
    visit(Hop{tree.up_cable(l - 1, child, (b / tree.power(l - 2)) % k), false});
  }
  visit(Hop{b, false});
}

/// The cables from node a to node b, in order: h up, then h down. Empty when a == b.
std::vector<Hop> route(const KAryNTree& tree, std::uint32_t a, std::uint32_t b);

} // namespace bcssim::qsnet
