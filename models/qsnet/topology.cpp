#include "models/qsnet/topology.hpp"

#include <stdexcept>
#include <string>

namespace bcssim::qsnet {

KAryNTree::KAryNTree(unsigned arity, unsigned levels) : k_(arity), n_(levels)
{
  if (arity < 2)
    throw std::invalid_argument("KAryNTree: arity must be at least 2, got " + std::to_string(arity));
  if (levels < 1)
    throw std::invalid_argument("KAryNTree: levels must be at least 1, got " + std::to_string(levels));
  pow_.push_back(1);
  for (unsigned e = 1; e <= n_; ++e) {
    if (static_cast<std::uint64_t>(pow_.back()) * k_ > (1u << 24))
      throw std::invalid_argument("KAryNTree: arity^levels = " + std::to_string(arity) + "^" + std::to_string(levels) +
                                  " exceeds 16777216 nodes");
    pow_.push_back(pow_.back() * k_);
  }

  const std::uint32_t nodes = pow_[n_];
  const std::uint32_t per_level = pow_[n_ - 1];
  graph_ = Graph(nodes + n_ * per_level);
  for (std::uint32_t p = 0; p < nodes; ++p)
    graph_[node_vertex(p)] = VertexInfo{VertexKind::node, 0, p};
  for (unsigned l = 1; l <= n_; ++l)
    for (std::uint32_t w = 0; w < per_level; ++w)
      graph_[switch_vertex(l, w)] = VertexInfo{VertexKind::elite_switch, l, w};

  lower_.resize(cable_count());
  upper_.resize(cable_count());
  auto add_cable = [this](std::uint32_t id, Vertex lower, Vertex upper) {
    lower_[id] = lower;
    upper_[id] = upper;
    boost::add_edge(lower, upper, CableInfo{cable_level(id), id}, graph_);
  };
  for (std::uint32_t p = 0; p < nodes; ++p)
    add_cable(p, node_vertex(p), switch_vertex(1, p / k_));
  for (unsigned l = 1; l < n_; ++l) {
    const std::uint32_t span = pow_[l - 1]; // k^(l-1): number of parallel switches per subtree at level l
    for (std::uint32_t w = 0; w < per_level; ++w) {
      const std::uint32_t hi = w / span;
      const std::uint32_t lo = w % span;
      for (unsigned j = 0; j < k_; ++j) {
        const std::uint32_t parent = (hi / k_) * pow_[l] + j * span + lo;
        add_cable(up_cable(l, w, j), switch_vertex(l, w), switch_vertex(l + 1, parent));
      }
    }
  }
}

} // namespace bcssim::qsnet
