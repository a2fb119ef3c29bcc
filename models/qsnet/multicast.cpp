#include "models/qsnet/multicast.hpp"

#include "base/event_stream.hpp"
#include "models/qsnet/spanning_tree.hpp"

#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <stdexcept>

XBT_LOG_NEW_DEFAULT_CATEGORY(qsnet_mcast, "qsnet.mcast: hardware multicast over a spanning tree");

namespace bcssim::qsnet {

HardwareMulticast::HardwareMulticast(const Platform& platform, MulticastSpec spec)
    : platform_(platform), spec_(std::move(spec))
{
  if (spec_.main_fetch < 0)
    throw std::invalid_argument("MulticastSpec.main_fetch: must be non-negative");
  channel_busy_.reserve(platform.nodes());
  for (unsigned p = 0; p < platform.nodes(); ++p)
    channel_busy_.push_back(simgrid::s4u::Semaphore::create(1));
}

double HardwareMulticast::tree_latency(unsigned src, unsigned first, unsigned last) const
{
  const SpanningTree t = spanning_tree(platform_.tree(), platform_.nodes(), src, first, last);
  double latency = 0;
  for (std::uint32_t c : t.up)
    latency += platform_.cable_latency(c);
  for (std::uint32_t c : t.deepest)
    latency += platform_.cable_latency(c);
  return latency;
}

unsigned HardwareMulticast::top_level(unsigned src, unsigned first, unsigned last) const
{
  return spanning_tree(platform_.tree(), platform_.nodes(), src, first, last).top_level;
}

bool HardwareMulticast::send(const MulticastRequest& r)
{
  const SpanningTree t = spanning_tree(platform_.tree(), platform_.nodes(), r.src_node, r.first, r.last);
  std::vector<simgrid::s4u::Link*> links;
  links.reserve(t.up.size() + t.down.size() + (r.dst_main ? 2 * (r.last - r.first + 1) : 0));
  for (std::uint32_t c : t.up)
    links.push_back(platform_.cable_link(c, true));
  for (std::uint32_t c : t.down)
    links.push_back(platform_.cable_link(c, false));
  if (r.dst_main)
    for (unsigned d = r.first; d <= r.last; ++d) {
      if (d != r.src_node || !r.src_main)
        links.push_back(platform_.pci_bus(d));
      links.push_back(platform_.pci_write(d));
    }
  // The window bound of CM02 is TCP-gamma / (2 x latency): adding half a fetch makes the cycle RTT + fetch.
  const double latency = tree_latency(r.src_node, r.first, r.last) + (r.src_main ? spec_.main_fetch / 2 : 0.0);

  channel_busy_[r.src_node]->acquire();
  const std::uint64_t ordinal = ++started_;
  base::emit("mcast.start", r.bytes);
  platform_.set_channel_route(r.src_node, links, latency);
  platform_.set_channel_rate(r.src_node, latency > 0 ? ack_window(platform_.spec().timing) / (2 * latency) : 1e18);
  simgrid::s4u::Host* from = r.src_main ? platform_.cpu(r.src_node) : platform_.nic(r.src_node);
  simgrid::s4u::Comm::sendto(from, platform_.channel(r.src_node), double(r.bytes));
  channel_busy_[r.src_node]->release();

  const bool delivered = spec_.failing.count(ordinal) == 0;
  base::emit(delivered ? "mcast.done" : "mcast.error", r.bytes);
  XBT_DEBUG("multicast #%llu from %u to [%u, %u], %llu B: %s", (unsigned long long)ordinal, r.src_node, r.first,
            r.last, (unsigned long long)r.bytes, delivered ? "delivered" : "network error");
  return delivered;
}

} // namespace bcssim::qsnet
