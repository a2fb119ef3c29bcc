#include "models/qsnet/spanning_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bcssim::qsnet {
namespace {

// Switch (l+1, W = HI·k^l + LO) reaches, through down port c, switch (l, hi = HI·k + c, lo = LO mod k^(l-1)),
// entering it by its up port LO / k^(l-1) (topology.hpp numbering). At level 1 the children are nodes.
void descend(const KAryNTree& t, unsigned level, std::uint32_t w, std::uint32_t first, std::uint32_t last,
             std::uint32_t populated, std::vector<std::uint32_t>& out)
{
  const unsigned k = t.arity();
  const std::uint32_t hi = w / t.power(level - 1);
  const std::uint32_t lo = w % t.power(level - 1);
  for (unsigned c = 0; c < k; ++c) {
    const std::uint32_t child_hi = hi * k + c;
    const std::uint64_t lo_node = std::uint64_t(child_hi) * t.power(level - 1);
    const std::uint64_t hi_node = lo_node + t.power(level - 1) - 1;
    if (hi_node < first || lo_node > last || lo_node >= populated)
      continue;
    if (level == 1) {
      out.push_back(child_hi); // node cable id = node number
      continue;
    }
    const std::uint32_t child_lo = lo % t.power(level - 2);
    const std::uint32_t child = child_hi * t.power(level - 2) + child_lo;
    out.push_back(t.up_cable(level - 1, child, lo / t.power(level - 2)));
    descend(t, level - 1, child, first, last, populated, out);
  }
}

} // namespace

SpanningTree spanning_tree(const KAryNTree& t, std::uint32_t populated, std::uint32_t src, std::uint32_t first,
                           std::uint32_t last)
{
  if (first > last || last >= populated || src >= populated)
    throw std::invalid_argument("spanning_tree: range [" + std::to_string(first) + ", " + std::to_string(last) +
                                "] from node " + std::to_string(src) + " is not within the " +
                                std::to_string(populated) + " populated nodes");
  SpanningTree s;
  const std::uint32_t lowest = std::min(src, first);
  const std::uint32_t highest = std::max(src, last);
  while (lowest / t.power(s.top_level) != highest / t.power(s.top_level))
    ++s.top_level;
  if (s.top_level == 0)
    return s;
  // Ascent towards `first` (d-mod-k), as routing.cpp: the switch at level l is (src / k^l, first mod k^(l-1)).
  const unsigned k = t.arity();
  s.up.push_back(src);
  std::uint32_t w = 0;
  for (unsigned l = 1; l <= s.top_level; ++l) {
    w = (src / t.power(l)) * t.power(l - 1) + first % t.power(l - 1);
    if (l < s.top_level)
      s.up.push_back(t.up_cable(l, w, (first / t.power(l - 1)) % k));
  }
  descend(t, s.top_level, w, first, last, populated, s.down);
  // The path to `last`: its cables are the ones in `down` whose subtree holds `last`, one per level.
  std::uint32_t at = w; // switch index at level l on the way down
  for (unsigned l = s.top_level; l >= 1; --l) {
    const std::uint32_t lo = at % t.power(l - 1);
    const std::uint32_t child_hi = last / t.power(l - 1);
    if (l == 1) {
      s.deepest.push_back(last);
      break;
    }
    const std::uint32_t child = child_hi * t.power(l - 2) + lo % t.power(l - 2);
    s.deepest.push_back(t.up_cable(l - 1, child, lo / t.power(l - 2)));
    at = child;
  }
  return s;
}

} // namespace bcssim::qsnet
