#include "models/qsnet/qsnet_zone.hpp"

#include "models/qsnet/routing.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <stdexcept>

namespace bcssim::qsnet {

using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::Route;

QsNetZone::QsNetZone(const std::string& name, const KAryNTree& tree)
    : NetZoneImpl(name), tree_(tree), up_(tree.cable_count()), down_(tree.cable_count())
{
}

void QsNetZone::add_endpoint(const simgrid::s4u::Host* host, unsigned node, bool is_nic)
{
  const auto id = host->get_netpoint()->id();
  if (endpoints_.size() <= id)
    endpoints_.resize(id + 1);
  endpoints_[id] = Endpoint{node, is_nic, true};
  if (pci_.size() <= node)
    pci_.resize(node + 1);
}

QsNetZone::Directed QsNetZone::directed(simgrid::s4u::Link* link)
{
  return Directed{link->get_impl(), link->get_latency()};
}

void QsNetZone::set_cable(std::uint32_t id, simgrid::s4u::Link* up, simgrid::s4u::Link* down)
{
  up_.at(id) = directed(up);
  down_.at(id) = directed(down);
}

void QsNetZone::set_pci(unsigned node, simgrid::s4u::Link* read, simgrid::s4u::Link* bus, simgrid::s4u::Link* write)
{
  pci_.at(node) = Pci{directed(read), directed(bus), directed(write)};
}

void QsNetZone::add_channel(const simgrid::s4u::Host* host, unsigned channel)
{
  const auto id = host->get_netpoint()->id();
  if (endpoints_.size() <= id)
    endpoints_.resize(id + 1);
  endpoints_[id] = Endpoint{channel, false, true, true};
  if (channels_.size() <= channel)
    channels_.resize(channel + 1);
}

void QsNetZone::set_channel_route(unsigned channel, const std::vector<simgrid::s4u::Link*>& links, double latency)
{
  Channel& c = channels_.at(channel);
  c.links.clear();
  c.links.reserve(links.size());
  for (simgrid::s4u::Link* l : links)
    c.links.push_back(directed(l));
  c.latency = latency;
}

void QsNetZone::append(const Directed& link, Route* into, double* latency)
{
  if (into != nullptr)
    into->link_list_.push_back(link.impl);
  if (latency != nullptr)
    *latency += link.latency;
}

void QsNetZone::set_window_link(unsigned src_node, unsigned levels, bool src_main, bool dst_main,
                                simgrid::s4u::Link* link)
{
  if (windows_.size() <= src_node)
    windows_.resize(src_node + 1);
  const std::size_t i = (std::size_t(levels) * 2 + src_main) * 2 + dst_main;
  if (windows_[src_node].size() <= i)
    windows_[src_node].resize(i + 1);
  windows_[src_node][i] = directed(link);
}

void QsNetZone::set_channel_window(unsigned channel, simgrid::s4u::Link* link)
{
  channels_.at(channel).window = directed(link);
}

void QsNetZone::get_local_route(const NetPoint* src, const NetPoint* dst, Route* into, double* latency)
{
  build_route(src, dst, into, nullptr);
  const Endpoint& a = endpoints_[src->id()];
  const Endpoint& b = endpoints_[dst->id()];
  const Directed* window = nullptr;
  if (b.is_channel)
    window = &channels_[b.node].window;
  else {
    const std::size_t i = (std::size_t(nca_level(tree_, a.node, b.node)) * 2 + !a.is_nic) * 2 + !b.is_nic;
    if (a.node < windows_.size() && i < windows_[a.node].size())
      window = &windows_[a.node][i];
  }
  if (window != nullptr && window->impl != nullptr)
    into->link_list_.push_back(window->impl);
  if (latency != nullptr)
    *latency += kSolverLatency;
}

double QsNetZone::true_latency(const NetPoint* src, const NetPoint* dst) const
{
  double latency = 0;
  build_route(src, dst, nullptr, &latency);
  return latency;
}

void QsNetZone::build_route(const NetPoint* src, const NetPoint* dst, Route* into, double* latency) const
{
  if (src->id() >= endpoints_.size() || dst->id() >= endpoints_.size() || !endpoints_[src->id()].known ||
      !endpoints_[dst->id()].known)
    throw std::logic_error("QsNetZone: no route between " + src->get_name() + " and " + dst->get_name());
  const Endpoint& a = endpoints_[src->id()];
  const Endpoint& b = endpoints_[dst->id()];
  if (a.is_channel)
    throw std::logic_error("QsNetZone: a multicast channel only receives (" + src->get_name() + ")");
  if (b.is_channel) { // the source's PCI read when it reads main memory, then the channel's tree
    if (!a.is_nic) {
      append(pci_[a.node].read, into, latency);
      append(pci_[a.node].bus, into, latency);
    }
    const Channel& c = channels_[b.node];
    if (into != nullptr)
      for (const Directed& d : c.links)
        into->link_list_.push_back(d.impl);
    if (latency != nullptr)
      *latency += c.latency;
    return;
  }

  // Main memory -> NIC: a DMA read across the PCI bus (the shared bus segment is crossed once per direction).
  if (!a.is_nic) {
    append(pci_[a.node].read, into, latency);
    append(pci_[a.node].bus, into, latency);
  }
  for_each_hop(tree_, a.node, b.node,
               [&](const Hop& hop) { append(hop.up ? up_[hop.cable] : down_[hop.cable], into, latency); });
  if (!b.is_nic) {
    if (a.is_nic || a.node != b.node)
      append(pci_[b.node].bus, into, latency);
    append(pci_[b.node].write, into, latency);
  }
}

} // namespace bcssim::qsnet
