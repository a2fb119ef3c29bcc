#pragma once
// Where the ranks of a job run: rank -> (node, PE). "block" fills a node's PEs before the next node (the default
// of the paper's runs: 2 ranks per Crescendo node); "cyclic" deals ranks round-robin over the nodes. A job may
// start at any node, so several jobs can share the machine.
#include <string>
#include <vector>

namespace bcssim::mpi {

enum class PlacementPolicy { block, cyclic };

struct Slot {
  unsigned node;
  unsigned pe;
};

class Placement {
public:
  /// Throws std::invalid_argument naming the parameter when the job does not fit on nodes
  /// [first_node, first_node + nodes) with pes_per_node PEs each.
  Placement(unsigned ranks, unsigned first_node, unsigned nodes, unsigned pes_per_node, PlacementPolicy policy);
  /// Rank r on slots[r] (e.g. a benchmark's pair of distant nodes).
  explicit Placement(std::vector<Slot> slots);

  unsigned size() const { return unsigned(slots_.size()); }
  const Slot& of(unsigned rank) const { return slots_.at(rank); }
  /// Ranks on `node`, in increasing order.
  std::vector<unsigned> ranks_on(unsigned node) const;
  /// The node of every rank, by rank.
  std::vector<unsigned> node_of_ranks() const;
  /// Distinct nodes the job uses, in increasing order.
  std::vector<unsigned> nodes() const;

private:
  std::vector<Slot> slots_;
};

} // namespace bcssim::mpi
