#pragma once
// One node's share of the runtime (000 §4.1, Fig. 4.2): the NIC threads that run on it, each a class holding its
// own state, and the table of collective descriptors in its NIC memory that several of them read.
#include "bcs/runtime/buffer_receiver.hpp"
#include "bcs/runtime/buffer_sender.hpp"
#include "bcs/runtime/collective_helper.hpp"
#include "bcs/runtime/collective_table.hpp"
#include "bcs/runtime/dma_helper.hpp"
#include "bcs/runtime/node_manager.hpp"
#include "bcs/runtime/reduce_helper.hpp"
#include "bcs/runtime/strobe_receiver.hpp"

namespace bcssim::bcs::runtime {

class Node {
public:
  Node(Context& ctx, unsigned id, IdleStrobes& idle, MachineManager& mm, const NodePolicy& policy);
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  /// The node's thread of microphase m has something to do this slice (else the SR reports it done).
  bool has_work(Microphase m) const;
  /// Something waits in its NIC memory that a later microphase will move (for the deadlock check).
  bool pending() const { return bs.pending() || br.pending(); }
  /// Creates the actors of its NIC threads.
  void start();

  CollectiveTable collectives;
  NodeManager nm;
  BufferSender bs;
  BufferReceiver br;
  DmaHelper dh;
  CollectiveHelper ch;
  ReduceHelper rh;
  StrobeReceiver sr;

private:
  Context& ctx_;
  unsigned id_;
};

} // namespace bcssim::bcs::runtime
