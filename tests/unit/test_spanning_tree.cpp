// The spanning tree of a hardware multicast, checked on the Boost.Graph topology for every source and every
// contiguous destination range of a 64-node (4-ary 3-tree) machine and some partial populations.
#include "models/qsnet/spanning_tree.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

using namespace bcssim::qsnet;

namespace {
void check_tree(const KAryNTree& t, std::uint32_t populated, std::uint32_t src, std::uint32_t first, std::uint32_t last)
{
  CAPTURE(src);
  CAPTURE(first);
  CAPTURE(last);
  const SpanningTree s = spanning_tree(t, populated, src, first, last);
  const std::uint32_t lo = std::min(src, first), hi = std::max(src, last);
  if (s.top_level == 0) {
    CHECK(lo == hi);
    CHECK(s.up.empty());
    CHECK(s.down.empty());
    return;
  }
  // Lowest level whose subtree holds the source and the range.
  CHECK(lo / t.power(s.top_level) == hi / t.power(s.top_level));
  CHECK(lo / t.power(s.top_level - 1) != hi / t.power(s.top_level - 1));
  // The ascent is a connected path from the source to the top switch.
  REQUIRE(s.up.size() == s.top_level);
  CHECK(t.cable_lower(s.up.front()) == t.node_vertex(src));
  for (std::size_t i = 1; i < s.up.size(); ++i)
    CHECK(t.cable_upper(s.up[i - 1]) == t.cable_lower(s.up[i]));
  const auto top = t.cable_upper(s.up.back());
  CHECK(t.graph()[top].level == s.top_level);
  // The descent reaches exactly the destinations, from the top switch, every cable once.
  std::set<std::uint32_t> down(s.down.begin(), s.down.end());
  CHECK(down.size() == s.down.size());
  std::set<KAryNTree::Vertex> reached{top};
  std::set<std::uint32_t> nodes;
  for (unsigned level = s.top_level; level >= 1; --level)
    for (std::uint32_t c : s.down)
      if (t.cable_level(c) == level) {
        CHECK(reached.count(t.cable_upper(c)) == 1); // hangs below something already reached
        reached.insert(t.cable_lower(c));
        if (level == 1)
          nodes.insert(t.graph()[t.cable_lower(c)].index);
      }
  std::set<std::uint32_t> expected;
  for (std::uint32_t d = first; d <= last; ++d)
    expected.insert(d);
  CHECK(nodes == expected);
  // The deepest path ends at the last destination and is part of the descent.
  REQUIRE(s.deepest.size() == s.top_level);
  CHECK(t.cable_upper(s.deepest.front()) == top);
  CHECK(t.cable_lower(s.deepest.back()) == t.node_vertex(last));
  for (std::uint32_t c : s.deepest)
    CHECK(down.count(c) == 1);
}
} // namespace

TEST_CASE("multicast spanning trees reach exactly their ranges on a 4-ary 3-tree")
{
  const KAryNTree t(4, 3);
  for (std::uint32_t src = 0; src < 64; src += 5)
    for (std::uint32_t first = 0; first < 64; first += 3)
      for (std::uint32_t last = first; last < 64; last += 7)
        check_tree(t, 64, src, first, last);
  check_tree(t, 64, 0, 1, 63);
  check_tree(t, 64, 63, 0, 0);
}

TEST_CASE("spanning trees skip unpopulated nodes and reject ranges outside the machine")
{
  const KAryNTree t(4, 3);
  check_tree(t, 40, 0, 1, 39);
  check_tree(t, 40, 39, 0, 38);
  CHECK_THROWS_AS(spanning_tree(t, 40, 0, 1, 40), std::invalid_argument);
  CHECK_THROWS_AS(spanning_tree(t, 40, 0, 5, 4), std::invalid_argument);
  const KAryNTree binary(2, 4);
  for (std::uint32_t first = 0; first < 16; ++first)
    check_tree(binary, 16, 5, first, 15);
}
