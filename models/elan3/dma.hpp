#pragma once
// The Elan3 DMA engine at Elan3lib level (002 §2.3.1): an RDMA put of a block between the memories of two nodes,
// complete when the data is at the destination and its event is set. An end in main memory crosses that node's
// PCI bus; an end in Elan memory does not. Issue 5 refines this into NIC threads and events.
#include "models/elan3/pci_bus.hpp"
#include "models/qsnet/platform.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::elan3 {

enum class Memory { elan, main };

struct Endpoint {
  unsigned node;
  Memory memory;
};

struct DmaSpec {
  double startup; // s from the post until the data moves, completion notification included
};

class DmaEngine {
public:
  DmaEngine(const qsnet::Platform& platform, DmaSpec spec);

  /// RDMA put of `bytes` from src to dst; blocks the calling actor until the data has arrived.
  /// Throws std::invalid_argument if src and dst are the same memory of the same node.
  void put(Endpoint src, Endpoint dst, std::uint64_t bytes);

  simgrid::s4u::Host* host_of(Endpoint e) const;

private:
  const qsnet::Platform& platform_;
  DmaSpec spec_;
  std::vector<PciBus> pci_;
};

std::string to_string(Memory m);

} // namespace bcssim::elan3
