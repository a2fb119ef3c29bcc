#pragma once
// The SimGrid routing zone of a QsNet cluster. SimGrid's own FatTreeZone has one bandwidth and latency for all
// links and its own up-routing; this zone routes with routing.hpp over links that carry per-level cable
// latencies. It is flat (hosts and links of every node live in it) and answers a route in O(levels); a CPU
// host's traffic goes over its node's PCI links to the NIC first, exactly as through a gateway.
#include "models/qsnet/topology.hpp"

#include <simgrid/kernel/routing/NetZoneImpl.hpp>

#include <vector>

namespace bcssim::qsnet {

class QsNetZone : public simgrid::kernel::routing::NetZoneImpl {
public:
  QsNetZone(const std::string& name, const KAryNTree& tree);

  void add_endpoint(const simgrid::s4u::Host* host, unsigned node, bool is_nic);
  void set_cable(std::uint32_t id, simgrid::s4u::Link* up, simgrid::s4u::Link* down);
  void set_pci(unsigned node, simgrid::s4u::Link* read, simgrid::s4u::Link* bus, simgrid::s4u::Link* write);
  /// A multicast channel: a virtual host whose route from any node is the link set given by set_channel_route
  /// (a multicast's spanning tree). SimGrid knows only host-to-host routes; this lets one comm load a tree.
  void add_channel(const simgrid::s4u::Host* host, unsigned channel);
  void set_channel_route(unsigned channel, const std::vector<simgrid::s4u::Link*>& links, double latency);

  /// Reports every route to SimGrid with latency kSolverLatency: CM02 weighs a flow's share of a bottleneck by its
  /// route latency (TCP's RTT unfairness), and Elite switches arbitrate per packet, so every flow must weigh the
  /// same. The real latency (true_latency) is restored per comm by the platform's latency-factor callback.
  void get_local_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                       simgrid::kernel::routing::Route* into, double* latency) override;
  /// Sum of the one-way latencies of the links from src to dst (for a channel: its tree's longest path).
  double true_latency(const simgrid::kernel::routing::NetPoint* src,
                      const simgrid::kernel::routing::NetPoint* dst) const;
  static constexpr double kSolverLatency = 1.0;
  /// The ack window of a flow, as a FATPIPE link (it bounds each flow, not their sum) on every route: per source
  /// node, one per route class (levels climbed, each end in main memory or not), one per channel. See
  /// platform.cpp.
  void set_window_link(unsigned src_node, unsigned levels, bool src_main, bool dst_main, simgrid::s4u::Link* link);
  void set_channel_window(unsigned channel, simgrid::s4u::Link* link);

private:
  struct Endpoint {
    unsigned node = 0;
    bool is_nic = false;
    bool known = false;
    bool is_channel = false;
  };
  struct Directed {
    simgrid::kernel::resource::StandardLinkImpl* impl = nullptr;
    double latency = 0;
  };
  struct Pci {
    Directed read, bus, write;
  };
  static Directed directed(simgrid::s4u::Link* link);
  void build_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                   simgrid::kernel::routing::Route* into, double* latency) const;
  static void append(const Directed& link, simgrid::kernel::routing::Route* into, double* latency);

  const KAryNTree& tree_;
  std::vector<Endpoint> endpoints_; // by NetPoint id
  std::vector<Directed> up_;        // by cable id
  std::vector<Directed> down_;
  std::vector<Pci> pci_; // by node
  struct Channel {
    std::vector<Directed> links;
    double latency = 0;
    Directed window;
  };
  std::vector<std::vector<Directed>> windows_; // [src node][(levels * 2 + src_main) * 2 + dst_main]; null: none
  std::vector<Channel> channels_;
};

} // namespace bcssim::qsnet
