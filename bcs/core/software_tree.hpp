#pragma once
// The core primitives over point-to-point messages only: a k-ary tree rooted at the caller (heap layout over
// [caller, the other nodes in order]: children of position i are k·i+1 .. k·i+k). The what-if "BCS on a network
// without hardware collectives", and QsNet's own software fallback for non-contiguous sets.
//
// Cost of one hop, in MRNet's LogP accounting (004 §2.6): a node sends to its children one after the other,
// each message leaving one gap g after the previous one (the first too); a message costs o at the sender, the
// transit, and o at the receiver, whose receive overheads are serialized. The transit is either a real RDMA
// put over the simulated network ("platform") or a fixed latency L ("logp", for networks we do not model).
// So a broadcast over a balanced 4-ary tree with 16 leaves takes 8g + 4o + 2L.
//   XFER-AND-SIGNAL to a set: broadcast down the tree.
//   COMPARE-AND-WRITE: request down, each node compares, AND-combined replies up; if true and a write is asked,
//   a third pass down writes. Returns when the root has the answer (and the write has reached every node).
//   Writes keep 002 §3.4's guarantee (overlapping Compare-And-Writes leave every node with the same value) by
//   running every writing Compare-And-Write on a set from the set's lowest node, one at a time: a caller
//   elsewhere pays a hop there and back.
#include "bcs/core/primitives.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <vector>

namespace bcssim::bcs::core {

/// Defaults and sources: bcs::core::software_tree_params() (bcs/core/params.cpp).
struct SoftwareTreeSpec {
  enum class Transport { platform, logp };
  unsigned fanout = 0;
  double overhead = 0; // o, s per message at the sender and again at the receiver
  double gap = 0;      // g, s between successive sends of one node
  Transport transport = Transport::platform;
  double latency = 0;      // L, s per message when transport = logp
  double gap_per_byte = 0; // G (LogGP), s per byte after the first when transport = logp: the link's line rate
};

class SoftwareTree : public CorePrimitives {
public:
  SoftwareTree(Machine& machine, SoftwareTreeSpec spec);

  std::string name() const override { return "software_tree"; }
  bool hardware_collectives() const override { return false; }
  void xfer_and_signal(const XferAndSignal& x) override;
  bool compare_and_write(const CompareAndWrite& c) override;
  /// LogGP: the time a node's link needs to put out a `bytes` message after its first byte, (bytes - 1) G
  /// (0 on the platform network, whose puts model their own bandwidth).
  double injection(std::uint64_t bytes) const;

  /// Positions in the tree: participants()[0] is the root.
  static std::vector<unsigned> participants(unsigned root, const NodeSet& set);
  const SoftwareTreeSpec& spec() const { return spec_; }

private:
  struct Pass;
  /// One hop: o at the sender, transit, o at the receiver (serialized there); then `received` runs in a new
  /// actor on the receiver's NIC.
  void hop(unsigned from, unsigned to, std::uint64_t bytes, elan3::Memory from_memory, elan3::Memory to_memory,
           std::function<void()> received);
  void down(const std::shared_ptr<Pass>& pass, unsigned position);
  void up(const std::shared_ptr<Pass>& pass, unsigned position);
  /// The Compare-And-Write itself, rooted at c.src.
  bool compare_and_write_from_root(const CompareAndWrite& c);
  /// Blocks the caller for one hop from `from` to `to` (o, transit, o).
  void hop_and_wait(unsigned from, unsigned to);

  SoftwareTreeSpec spec_;
  std::vector<double> receive_busy_until_;            // by node: receive overheads are serialized
  std::vector<simgrid::s4u::SemaphorePtr> sequencer_; // by node: writing Compare-And-Writes it roots, one at a time
};

} // namespace bcssim::bcs::core
