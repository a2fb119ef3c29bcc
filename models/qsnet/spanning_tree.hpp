#pragma once
// The spanning tree of a hardware multicast (002 §2.4.2.1): the packet climbs from the source to the lowest
// level whose subtree holds the source and the whole destination range, then is replicated down every cable
// leading to a destination. The ascent follows d-mod-k towards the first destination (routing.hpp), so the
// multicast shares its up cables with unicast traffic to that node. Destinations must be a contiguous range:
// that is what Elite's broadcast route can address.
#include "models/qsnet/topology.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::qsnet {

struct SpanningTree {
  unsigned top_level = 0;             // h: 0 when the range is the source alone
  std::vector<std::uint32_t> up;      // cables climbed from the source, in order
  std::vector<std::uint32_t> down;    // cables descended, every one leading to a destination
  std::vector<std::uint32_t> deepest; // the down cables to the last destination: with `up`, a longest path
};

/// Throws std::invalid_argument if first > last or last >= populated (the number of populated nodes).
SpanningTree spanning_tree(const KAryNTree& tree, std::uint32_t populated, std::uint32_t src, std::uint32_t first,
                           std::uint32_t last);

} // namespace bcssim::qsnet
