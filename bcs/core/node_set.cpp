#include "bcs/core/node_set.hpp"

#include <algorithm>
#include <stdexcept>

namespace bcssim::bcs::core {

NodeSet NodeSet::range(unsigned first, unsigned last)
{
  if (first > last)
    throw std::invalid_argument("NodeSet::range: first " + std::to_string(first) + " > last " + std::to_string(last));
  NodeSet s;
  s.nodes_.reserve(last - first + 1);
  for (unsigned p = first; p <= last; ++p)
    s.nodes_.push_back(p);
  return s;
}

NodeSet NodeSet::of(std::vector<unsigned> nodes)
{
  if (nodes.empty())
    throw std::invalid_argument("NodeSet::of: a node set cannot be empty");
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  NodeSet s;
  s.nodes_ = std::move(nodes);
  return s;
}

bool NodeSet::contains(unsigned node) const { return std::binary_search(nodes_.begin(), nodes_.end(), node); }

std::string NodeSet::describe() const
{
  if (contiguous())
    return "[" + std::to_string(first()) + ".." + std::to_string(last()) + "]";
  return std::to_string(size()) + " nodes from " + std::to_string(first()) + " to " + std::to_string(last());
}

} // namespace bcssim::bcs::core
