#include "models/qsnet/routing.hpp"
#include "models/qsnet/topology.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <doctest/doctest.h>

#include <stdexcept>

using namespace bcssim::qsnet;

namespace {
std::vector<unsigned> bfs_distances(const KAryNTree& t, KAryNTree::Vertex from)
{
  std::vector<unsigned> d(boost::num_vertices(t.graph()), 0);
  boost::breadth_first_search(
      t.graph(), from,
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(d.data(), boost::on_tree_edge()))));
  return d;
}

// Walks a route on the graph: each hop must leave the current vertex along its cable.
KAryNTree::Vertex walk(const KAryNTree& t, std::uint32_t a, const std::vector<Hop>& hops)
{
  KAryNTree::Vertex at = t.node_vertex(a);
  for (const Hop& h : hops) {
    const auto from = h.up ? t.cable_lower(h.cable) : t.cable_upper(h.cable);
    REQUIRE(from == at);
    at = h.up ? t.cable_upper(h.cable) : t.cable_lower(h.cable);
  }
  return at;
}
} // namespace

TEST_CASE("k-ary n-tree sizes: k^n nodes, n*k^(n-1) switches, n*k^n cables")
{
  for (unsigned n = 1; n <= 6; ++n) {
    const KAryNTree t(4, n);
    CHECK(t.node_count() == (1u << (2 * n)));
    CHECK(t.switch_count() == n * (1u << (2 * (n - 1))));
    CHECK(boost::num_vertices(t.graph()) == t.node_count() + t.switch_count());
    CHECK(boost::num_edges(t.graph()) == n * t.node_count());
  }
  const KAryNTree t3(3, 2);
  CHECK(t3.node_count() == 9);
  CHECK(t3.switch_count() == 6);
}

TEST_CASE("degrees: nodes 1, inner switches 2k, top switches k")
{
  const KAryNTree t(4, 3);
  const auto& g = t.graph();
  for (auto v : boost::make_iterator_range(boost::vertices(g))) {
    const auto& info = g[v];
    const auto degree = boost::out_degree(v, g);
    if (info.kind == VertexKind::node)
      CHECK(degree == 1);
    else if (info.level == t.levels())
      CHECK(degree == 4);
    else
      CHECK(degree == 8);
  }
}

TEST_CASE("every pair is routable along the graph, minimally, with 2h-1 switches")
{
  for (unsigned n : {1u, 2u, 3u}) {
    const KAryNTree t(4, n);
    for (std::uint32_t a = 0; a < t.node_count(); ++a) {
      const auto dist = bfs_distances(t, t.node_vertex(a));
      for (std::uint32_t b = 0; b < t.node_count(); ++b) {
        const auto hops = route(t, a, b);
        CHECK(walk(t, a, hops) == t.node_vertex(b));
        CHECK(hops.size() == dist[t.node_vertex(b)]);
        const unsigned h = nca_level(t, a, b);
        CHECK(hops.size() == 2 * h);
        CHECK(switches_on_route(t, a, b) == (a == b ? 0 : 2 * h - 1));
      }
    }
  }
}

TEST_CASE("routing on a large tree: sampled pairs, d-mod-k ascent")
{
  const KAryNTree t(4, 6);
  for (std::uint32_t a = 0; a < t.node_count(); a += 97)
    for (std::uint32_t b = 1; b < t.node_count(); b += 331)
      CHECK(walk(t, a, route(t, a, b)) == t.node_vertex(b));
  // Node 0 to node 4095 climbs to the top level.
  CHECK(nca_level(t, 0, 4095) == 6);
  CHECK(switches_on_route(t, 0, 4095) == 11);
  // All routes to one destination meet at one top switch (destination-mod-k).
  const auto r1 = route(t, 0, 4095);
  const auto r2 = route(t, 1023, 4095);
  CHECK(t.cable_upper(r1[5].cable) == t.cable_upper(r2[5].cable));
}

TEST_CASE("invalid trees are refused naming the parameter")
{
  CHECK_THROWS_WITH_AS(KAryNTree(1, 3), doctest::Contains("arity"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(KAryNTree(4, 0), doctest::Contains("levels"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(KAryNTree(4, 13), doctest::Contains("exceeds"), std::invalid_argument);
}
