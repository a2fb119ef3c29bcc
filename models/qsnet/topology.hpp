#pragma once
// The QsNet interconnect as a k-ary n-tree (thesis §2.2.2; Petrini & Vanneschi): k^n processing nodes and
// n·k^(n-1) Elite switches in n levels, joined by n·k^n cables. Built as a Boost.Graph so that invariants
// (degrees, distances, connectivity) are checked on a real graph; routing is closed-form (routing.hpp) and
// tested against it.
//
// Numbering. Node p in [0, k^n). Switch (l, w): level l in 1..n (1 = leaf switches), index w in [0, k^(n-1)),
// written w = hi·k^(l-1) + lo with lo < k^(l-1): the switch's subtree holds the nodes p with p / k^l == hi, and lo
// tells which of the k^(l-1) parallel switches of that subtree it is. Cables: id p (level 1) joins node p to
// leaf switch (1, p / k); id k^n + ((l-1)·k^(n-1) + w)·k + j (level l+1) joins switch (l, w) through its up port
// j to switch (l+1, (hi / k)·k^l + j·k^(l-1) + lo).
#include <boost/graph/adjacency_list.hpp>

#include <cstdint>
#include <vector>

namespace bcssim::qsnet {

enum class VertexKind { node, elite_switch };

struct VertexInfo {
  VertexKind kind = VertexKind::node;
  unsigned level = 0;      // 0 for nodes, 1..n for switches
  std::uint32_t index = 0; // node number p, or switch index w within its level
};

struct CableInfo {
  unsigned level = 0;   // 1 = node to leaf switch; l = between switch levels l-1 and l
  std::uint32_t id = 0; // dense cable id, see the numbering above
};

class KAryNTree {
public:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexInfo, CableInfo>;
  using Vertex = Graph::vertex_descriptor;

  /// Throws std::invalid_argument naming the parameter when k < 2, n < 1 or k^n exceeds 2^24 nodes.
  KAryNTree(unsigned arity, unsigned levels);

  unsigned arity() const { return k_; }
  unsigned levels() const { return n_; }
  std::uint32_t node_count() const { return pow_[n_]; }
  std::uint32_t switches_per_level() const { return pow_[n_ - 1]; }
  std::uint32_t switch_count() const { return n_ * pow_[n_ - 1]; }
  std::uint32_t cable_count() const { return n_ * pow_[n_]; }
  /// k^e for e in 0..n.
  std::uint32_t power(unsigned e) const { return pow_.at(e); }

  const Graph& graph() const { return graph_; }
  Vertex node_vertex(std::uint32_t p) const { return p; }
  Vertex switch_vertex(unsigned level, std::uint32_t w) const { return pow_[n_] + (level - 1) * pow_[n_ - 1] + w; }
  /// Endpoints of a cable: lower end (node or switch) and upper end (switch).
  Vertex cable_lower(std::uint32_t id) const { return lower_[id]; }
  Vertex cable_upper(std::uint32_t id) const { return upper_[id]; }
  unsigned cable_level(std::uint32_t id) const { return id < pow_[n_] ? 1 : 2 + (id - pow_[n_]) / pow_[n_]; }

  /// Id of the cable leaving switch (level, w) through up port j (level < n).
  std::uint32_t up_cable(unsigned level, std::uint32_t w, unsigned j) const
  {
    return pow_[n_] + ((level - 1) * pow_[n_ - 1] + w) * k_ + j;
  }

private:
  unsigned k_;
  unsigned n_;
  std::vector<std::uint32_t> pow_;
  Graph graph_;
  std::vector<Vertex> lower_;
  std::vector<Vertex> upper_;
};

} // namespace bcssim::qsnet
