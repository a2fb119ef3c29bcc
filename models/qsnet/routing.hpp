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

/// The cables from node a to node b, in order: h up, then h down. Empty when a == b.
std::vector<Hop> route(const KAryNTree& tree, std::uint32_t a, std::uint32_t b);

} // namespace bcssim::qsnet
