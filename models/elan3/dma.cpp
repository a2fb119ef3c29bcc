#include "models/elan3/dma.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(elan3_dma, elan3, "elan3.dma: RDMA put, get and multicast of the Elan3 DMA engine");

namespace bcssim::elan3 {
namespace {
// A get's request: one small network transaction from the local NIC to the remote one.
constexpr std::uint64_t kGetRequestBytes = 64;
} // namespace

DmaEngine::DmaEngine(const qsnet::Platform& platform, DmaSpec spec, qsnet::HardwareMulticast& multicast)
    : platform_(platform), spec_(spec), multicast_(multicast)
{
  const qsnet::NodeSpec& node = platform.spec().node;
  for (unsigned p = 0; p < platform.nodes(); ++p) {
    pci_.emplace_back(platform.pci_bus(p), std::max(node.pci_read, node.pci_write), node.pci_mixed);
    nic_actors_.emplace_back(platform.nic(p), "nic.worker");
  }
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
  // On the NIC thread's timeline when tracing (the arguments are formatted only then: this is the hot path).
  using base::trace::arg;
  const base::trace::Span span("DMA put", "nic",
                               base::trace::enabled()
                                   ? base::trace::Args{arg("src", src.node), arg("src_memory", to_string(src.memory)),
                                                       arg("dst", dst.node), arg("dst_memory", to_string(dst.memory)),
                                                       arg("bytes", std::int64_t(bytes))}
                                   : base::trace::Args{});
  simgrid::s4u::this_actor::sleep_for(spec_.startup);
  move(src, dst, bytes);
  base::emit("dma.done", bytes);
}

void DmaEngine::move(Endpoint src, Endpoint dst, std::uint64_t bytes)
{
  // A single packet served as one (qsnet::SmallTransfers::packet) does not turn the bus around for the others.
  const bool fluid = !platform_.served_as_packet(double(bytes));
  const bool src_pci = fluid && src.memory == Memory::main;
  const bool dst_pci = fluid && dst.memory == Memory::main;
  if (src_pci)
    pci_[src.node].begin(PciDirection::read);
  if (dst_pci)
    pci_[dst.node].begin(PciDirection::write);
  platform_.transfer(host_of(src), host_of(dst), double(bytes));
  if (src_pci)
    pci_[src.node].end(PciDirection::read);
  if (dst_pci)
    pci_[dst.node].end(PciDirection::write);
}

void DmaEngine::put_async(Endpoint src, Endpoint dst, std::uint64_t bytes, std::function<void()> arrived)
{
  nic_actors_.at(src.node).start("dma", [this, src, dst, bytes, arrived = std::move(arrived)] {
    put(src, dst, bytes);
    if (arrived)
      arrived();
  });
}

void DmaEngine::start_on_nic(unsigned node, const char* name, std::function<void()> task)
{
  nic_actors_.at(node).start(name, std::move(task));
}

void DmaEngine::write_to_host_async(unsigned node, std::uint64_t bytes, const char* name, std::function<void()> done)
{
  nic_actors_.at(node).start(name, [this, node, bytes, done = std::move(done)] {
    write_to_host(node, bytes);
    done();
  });
}

void DmaEngine::get_async(Endpoint local, Endpoint remote, std::uint64_t bytes, const char* name,
                          std::function<void()> arrived)
{
  nic_actors_.at(local.node).start(name, [this, local, remote, bytes, arrived = std::move(arrived)] {
    get(local, remote, bytes);
    arrived();
  });
}

void DmaEngine::move_async(unsigned from, unsigned to, std::uint64_t bytes, const char* name,
                           std::function<void()> arrived)
{
  nic_actors_.at(from).start(name, [this, from, to, bytes, arrived = std::move(arrived)] {
    base::emit("dma.move", bytes);
    move({from, Memory::main}, {to, from != to ? Memory::main : Memory::elan}, bytes);
    arrived();
  });
}

void DmaEngine::write_to_host(unsigned node, std::uint64_t bytes)
{
  using base::trace::arg;
  const base::trace::Span span("write to host", "nic",
                               base::trace::enabled()
                                   ? base::trace::Args{arg("node", node), arg("bytes", std::int64_t(bytes))}
                                   : base::trace::Args{});
  move({node, Memory::elan}, {node, Memory::main}, bytes);
}

void DmaEngine::get(Endpoint local, Endpoint remote, std::uint64_t bytes)
{
  base::emit("dma.get", bytes);
  XBT_DEBUG("get %llu B from node %u", (unsigned long long)bytes, remote.node);
  // The request is a small network transaction from the local NIC; the remote DMA engine then does a put.
  platform_.transfer(platform_.nic(local.node), platform_.nic(remote.node), double(kGetRequestBytes));
  put(remote, local, bytes);
}

double DmaEngine::unloaded_put_seconds(Endpoint src, Endpoint dst, std::uint64_t bytes) const
{
  return spec_.startup + platform_.unloaded_seconds(host_of(src), host_of(dst), double(bytes));
}

double DmaEngine::unloaded_put_landing(double issued, Endpoint src, Endpoint dst, std::uint64_t bytes) const
{
  return (issued + spec_.startup) + platform_.unloaded_seconds(host_of(src), host_of(dst), double(bytes));
}

void DmaEngine::get_folded(Endpoint local, Endpoint remote, std::uint64_t bytes)
{
  base::emit("dma.get", bytes);
  // The request's flight to the remote NIC and that NIC's start-up, as one delay.
  simgrid::s4u::this_actor::sleep_for(
      unloaded_put_seconds({local.node, Memory::elan}, {remote.node, Memory::elan}, kGetRequestBytes));
  move(remote, local, bytes);
}

bool DmaEngine::multicast(Endpoint src, unsigned first, unsigned last, Memory dst_memory, std::uint64_t bytes,
                          std::string poster)
{
  base::emit("dma.mcast", bytes);
  using base::trace::arg;
  const base::trace::Span span("hardware multicast", "nic",
                               base::trace::enabled()
                                   ? base::trace::Args{arg("src", src.node), arg("first", first), arg("last", last),
                                                       arg("bytes", std::int64_t(bytes))}
                                   : base::trace::Args{});
  simgrid::s4u::this_actor::sleep_for(spec_.startup);
  const bool src_main = src.memory == Memory::main;
  const bool dst_main = dst_memory == Memory::main;
  if (src_main)
    pci_[src.node].begin(PciDirection::read);
  if (dst_main)
    for (unsigned d = first; d <= last; ++d)
      pci_[d].begin(PciDirection::write);
  const bool delivered = multicast_.send({src.node, src_main, first, last, dst_main, bytes, std::move(poster)});
  if (src_main)
    pci_[src.node].end(PciDirection::read);
  if (dst_main)
    for (unsigned d = first; d <= last; ++d)
      pci_[d].end(PciDirection::write);
  return delivered;
}

std::string to_string(Memory m) { return m == Memory::elan ? "elan" : "main"; }

} // namespace bcssim::elan3
