#include "mpi/placement.hpp"

#include <algorithm>
#include <stdexcept>

namespace bcssim::mpi {

Placement::Placement(unsigned ranks, unsigned first_node, unsigned nodes, unsigned pes_per_node, PlacementPolicy policy)
{
  if (ranks == 0)
    throw std::invalid_argument("Placement ranks: a job needs at least one rank");
  if (nodes == 0 || pes_per_node == 0)
    throw std::invalid_argument("Placement nodes and pes_per_node: must be positive");
  if (std::uint64_t(ranks) > std::uint64_t(nodes) * pes_per_node)
    throw std::invalid_argument("Placement ranks: " + std::to_string(ranks) + " ranks do not fit on " +
                                std::to_string(nodes) + " nodes x " + std::to_string(pes_per_node) + " PEs");
  slots_.reserve(ranks);
  for (unsigned r = 0; r < ranks; ++r)
    slots_.push_back(policy == PlacementPolicy::block ? Slot{first_node + r / pes_per_node, r % pes_per_node}
                                                      : Slot{first_node + r % nodes, r / nodes});
}

Placement::Placement(std::vector<Slot> slots) : slots_(std::move(slots))
{
  if (slots_.empty())
    throw std::invalid_argument("Placement ranks: a job needs at least one rank");
}

std::vector<unsigned> Placement::node_of_ranks() const
{
  std::vector<unsigned> out;
  for (const Slot& s : slots_)
    out.push_back(s.node);
  return out;
}

std::vector<unsigned> Placement::ranks_on(unsigned node) const
{
  std::vector<unsigned> out;
  for (unsigned r = 0; r < slots_.size(); ++r)
    if (slots_[r].node == node)
      out.push_back(r);
  return out;
}

std::vector<unsigned> Placement::nodes() const
{
  std::vector<unsigned> out;
  for (const Slot& s : slots_)
    out.push_back(s.node);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace bcssim::mpi
