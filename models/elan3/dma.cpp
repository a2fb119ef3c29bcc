#include "models/elan3/dma.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>

#include <algorithm>
#include <stdexcept>

namespace bcssim::elan3 {

DmaEngine::DmaEngine(const qsnet::Platform& platform, DmaSpec spec) : platform_(platform), spec_(spec)
{
  const qsnet::NodeSpec& node = platform.spec().node;
  pci_.reserve(platform.nodes());
  for (unsigned p = 0; p < platform.nodes(); ++p)
    pci_.emplace_back(platform.pci_bus(p), std::max(node.pci_read, node.pci_write), node.pci_mixed);
}

simgrid::s4u::Host* DmaEngine::host_of(Endpoint e) const
{
  return e.memory == Memory::elan ? platform_.nic(e.node) : platform_.cpu(e.node);
}

void DmaEngine::put(Endpoint src, Endpoint dst, std::uint64_t bytes)
{
  if (src.node == dst.node && src.memory == dst.memory)
    throw std::invalid_argument("DmaEngine::put: source and destination are the same memory of node " +
                                std::to_string(src.node));
  base::emit("dma.post", bytes);
  simgrid::s4u::this_actor::sleep_for(spec_.startup);
  if (src.memory == Memory::main)
    pci_[src.node].begin(PciDirection::read);
  if (dst.memory == Memory::main)
    pci_[dst.node].begin(PciDirection::write);
  simgrid::s4u::Comm::sendto(host_of(src), host_of(dst), bytes);
  if (src.memory == Memory::main)
    pci_[src.node].end(PciDirection::read);
  if (dst.memory == Memory::main)
    pci_[dst.node].end(PciDirection::write);
  base::emit("dma.done", bytes);
}

std::string to_string(Memory m) { return m == Memory::elan ? "elan" : "main"; }

} // namespace bcssim::elan3
