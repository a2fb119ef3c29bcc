#include "models/qsnet/multicast.hpp"

#include "base/event_stream.hpp"
#include "models/qsnet/spanning_tree.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <stdexcept>
#include <tuple>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(qsnet_multicast, qsnet, "qsnet.multicast: hardware multicast over a spanning tree");

namespace bcssim::qsnet {

HardwareMulticast::HardwareMulticast(const Platform& platform, MulticastSpec spec)
    : platform_(platform), spec_(std::move(spec))
{
  if (spec_.main_fetch < 0)
    throw std::invalid_argument("MulticastSpec.main_fetch: must be non-negative");
  channels_.resize(platform.nodes());
}

bool HardwareMulticast::served_before(const Waiter* a, const Waiter* b)
{
  const auto key = [](const Waiter* w) {
    const MulticastRequest& r = *w->request;
    return std::tie(w->posted, r.poster, r.first, r.last, r.src_main, r.dst_main, r.bytes);
  };
  return key(a) < key(b);
}

void HardwareMulticast::acquire_channel(Channel& channel, const MulticastRequest& r)
{
  Waiter me{simgrid::s4u::Engine::get_clock(), &r};
  channel.waiting.push_back(&me);
  // Let every request that reaches the channel in this scheduling round arrive first (a yield resumes after every
  // actor runnable now has run): which is served first is then decided by served_before, not by the order
  // SimGrid ran the posters in.
  simgrid::s4u::this_actor::yield();
  if (me.granted)
    return; // handed over by the previous holder meanwhile
  if (!channel.busy && *std::min_element(channel.waiting.begin(), channel.waiting.end(), served_before) == &me) {
    channel.busy = true;
    channel.waiting.erase(std::find(channel.waiting.begin(), channel.waiting.end(), &me));
    return;
  }
  me.go->acquire(); // released by the holder that hands the channel over (release_channel)
}

void HardwareMulticast::release_channel(Channel& channel)
{
  if (channel.waiting.empty()) {
    channel.busy = false;
    return;
  }
  const auto next = std::min_element(channel.waiting.begin(), channel.waiting.end(), served_before);
  Waiter* w = *next;
  channel.waiting.erase(next);
  w->granted = true; // the channel stays busy: it is w's
  w->go->release();
}

const HardwareMulticast::Shape& HardwareMulticast::shape(unsigned src, unsigned first, unsigned last) const
{
  const auto key = std::make_tuple(src, first, last);
  auto found = shapes_.find(key);
  if (found != shapes_.end())
    return found->second;
  const SpanningTree t = spanning_tree(platform_.tree(), platform_.nodes(), src, first, last);
  Shape s{0.0, t.top_level};
  for (std::uint32_t c : t.up)
    s.latency += platform_.cable_latency(c);
  for (std::uint32_t c : t.deepest)
    s.latency += platform_.cable_latency(c);
  return shapes_.emplace(key, s).first->second;
}

const HardwareMulticast::Prepared& HardwareMulticast::prepare(const MulticastRequest& r)
{
  const Key key{r.src_node, r.first, r.last, r.src_main, r.dst_main};
  auto found = prepared_.find(key);
  if (found != prepared_.end())
    return found->second;
  const SpanningTree t = spanning_tree(platform_.tree(), platform_.nodes(), r.src_node, r.first, r.last);
  Prepared p;
  // The window bound is ack_window / (2 x latency): adding half a fetch makes the packet cycle RTT + fetch.
  p.latency = tree_latency(r.src_node, r.first, r.last) + (r.src_main ? spec_.main_fetch / 2 : 0.0);
  for (std::uint32_t c : t.up)
    p.links.push_back(platform_.cable_link(c, true));
  // SimGrid's selective update costs O(k^2) for one flow over k links (lmm::System::update_modified_cnst_set_rec
  // recurses through every constraint of the flow from each of them): 57 ms of wall time for all 5461 links of
  // a 4096-node tree. So the multicast loads whole levels of its tree from the top down as long as they fit in
  // spec_.link_budget links, plus the path to its farthest destination; below that, other branches are not loaded.
  std::vector<unsigned> per_level(platform_.tree().levels() + 2, 0);
  for (std::uint32_t c : t.down)
    ++per_level[platform_.tree().cable_level(c)];
  unsigned lowest = t.top_level + 1; // lowest level loaded in full
  for (unsigned used = 0; lowest > 1 && used + per_level[lowest - 1] <= spec_.link_budget; --lowest)
    used += per_level[lowest - 1];
  const std::set<std::uint32_t> deepest(t.deepest.begin(), t.deepest.end());
  for (std::uint32_t c : t.down)
    if (platform_.tree().cable_level(c) >= lowest || deepest.count(c) > 0)
      p.links.push_back(platform_.cable_link(c, false));
  if (r.dst_main)
    for (unsigned d = r.first; d <= r.last; ++d) {
      if (lowest > 1 && d != r.last)
        continue;
      if (d != r.src_node || !r.src_main)
        p.links.push_back(platform_.pci_bus(d));
      p.links.push_back(platform_.pci_write(d));
    }
  return prepared_.emplace(key, std::move(p)).first->second;
}

bool HardwareMulticast::send(const MulticastRequest& r)
{
  const Prepared& p = prepare(r);
  simgrid::s4u::Host* from = r.src_main ? platform_.cpu(r.src_node) : platform_.nic(r.src_node);

  Channel& channel = channels_[r.src_node];
  acquire_channel(channel, r);
  const std::uint64_t ordinal = ++started_;
  base::emit("mcast.start", r.bytes);
  if (r.bytes == 0) {
    // An empty packet (a strobe, a barrier's 'go'): its latency only; one packet loads no link measurably.
    const double pci = r.src_main ? platform_.true_latency(from, platform_.nic(r.src_node)) : 0.0;
    simgrid::s4u::this_actor::sleep_for(pci + p.latency);
  } else {
    platform_.set_channel_route(r.src_node, p.links, p.latency);
    platform_.set_channel_rate(r.src_node,
                               p.latency > 0 ? ack_window(platform_.spec().timing) / (2 * p.latency) : 1e18);
    simgrid::s4u::Comm::sendto(from, platform_.channel(r.src_node), double(r.bytes));
  }
  release_channel(channel);

  const bool delivered = spec_.failing.count(ordinal) == 0;
  base::emit(delivered ? "mcast.done" : "mcast.error", r.bytes);
  XBT_DEBUG("multicast #%llu from %u to [%u, %u], %llu B: %s", (unsigned long long)ordinal, r.src_node, r.first, r.last,
            (unsigned long long)r.bytes, delivered ? "delivered" : "network error");
  return delivered;
}

} // namespace bcssim::qsnet
