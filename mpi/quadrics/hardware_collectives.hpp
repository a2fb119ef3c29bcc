#pragma once
// Quadrics MPI's hardware barrier and broadcast (elan_hgsync / elan_bcast; 002 §2.4.2.2), used when the job's
// nodes form a contiguous range, the only sets the hardware multicast reaches. One synchronisation serves both:
// every process posts its arrival (a PIO write); the last process of a node writes the node's arrival word in
// NIC memory; the NIC thread of the root's node asks every node with a network conditional (Compare-And-Write)
// whether all have arrived, backing off exponentially while not, then multicasts the payload (none for a
// barrier) from main memory into every node's main memory with one Xfer-And-Signal; each process sees it
// `wake_cost` later. Processes of one node share memory, so the local combine costs nothing on the network.
#include "bcs/core/primitives.hpp"
#include "models/elan3/host_interface.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <vector>

namespace bcssim::mpi::quadrics {

class HardwareCollectives {
public:
  /// First back-off of the root NIC's conditional, doubled after each failed attempt (002 §2.4.2.2: elan_hgsync
  /// "backs off exponentially"; the first wait is not given, 1 us is assumed). sim/collective_bench uses it too.
  static constexpr double first_backoff = 1e-6; // s

  /// True when `hw` has hardware collectives and the nodes of `node_of` (node of each rank) are contiguous.
  static bool usable(const bcssim::bcs::core::CorePrimitives& hw, const std::vector<unsigned>& node_of);

  HardwareCollectives(bcssim::bcs::core::CorePrimitives& hw, const elan3::HostInterface& host,
                      std::vector<unsigned> node_of);

  /// Called by rank `rank` (on its CPU host) in its `call_index`-th collective: returns once every rank has
  /// arrived and, when bytes > 0, the root's `bytes` of `data` are in every rank's `data` (may be null: size
  /// only). A barrier is a broadcast of no data from rank 0.
  void synchronise(int rank, int root, void* data, std::uint64_t bytes, std::int64_t call_index);

private:
  struct NodeState {
    unsigned ranks = 0;   // ranks of the job on this node
    unsigned arrived = 0; // of the current collective
    double landed_at = 0; // when the current multicast reached this node
    simgrid::s4u::SemaphorePtr released;
  };
  void start_root_thread(unsigned root_node, std::uint64_t bytes, std::int64_t seq);

  bcssim::bcs::core::CorePrimitives& hw_;
  const elan3::HostInterface& host_;
  std::vector<unsigned> node_of_;
  unsigned first_node_;
  unsigned last_node_;
  std::vector<NodeState> nodes_; // by node - first_node_
  elan3::WordId arrived_word_;
  std::vector<char> payload_; // the root's data of the current broadcast; empty when it gave none (a replay)
};

} // namespace bcssim::mpi::quadrics
