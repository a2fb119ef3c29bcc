#pragma once
// Builds the SimGrid platform of a QsNet cluster: the fat tree of Elite links and, per node, a CPU host (one
// core per PE), the Elan3 NIC as a host of its own, and the node's PCI bus. Traffic between a CPU host and the
// network crosses the PCI bus and then enters the tree at the NIC, so the NIC is the node's gateway.
#include "models/qsnet/ack_model.hpp"
#include "models/qsnet/topology.hpp"

#include <simgrid/forward.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace bcssim::qsnet {

struct NodeSpec {
  unsigned pes;       // processing elements (cores) per node
  double pe_speed;    // flop/s of one PE
  double nic_clock;   // Hz of the Elan3 thread processor (1 cycle = 1 flop on the NIC host)
  double pci_read;    // B/s, DMA reads of main memory (host to NIC), one direction alone
  double pci_write;   // B/s, DMA writes to main memory (NIC to host), one direction alone
  double pci_mixed;   // B/s, total bus capacity while reads and writes interleave
  double pci_latency; // s, one PCI crossing
};

/// Defaults, sources and the tree's rule: qsnet::platform_params() (models/qsnet/params.cpp).
/// How a transfer that fits in one packet shares the links and the PCI bus with the others.
///  - shared: like any transfer, a max-min fair share of its route for as long as it lasts;
///  - packet: its unloaded time (route latency + bytes at the slowest link's rate), taking nothing from the
///    others: Elite switches arbitrate per packet with aging and the DMA thread time-slices large DMAs "so that
///    small DMAs are not adversely blocked" (002 §2.2.1-2), so one packet does not wait a fluid share behind
///    tens of long transfers. Also far cheaper: it is a timer, not a flow in the solver.
enum class SmallTransfers { shared, packet };

/// How SimGrid's network model brings the flows' progress up to date when the sharing changes.
///  - full: every flow at every change (SimGrid's network/optim:Full). What a flow has left is then the same
///    whatever order the flows of one instant were created in, so results do not depend on SimGrid's internal
///    order of same-instant timers and actors (docs/model.md, "The sharing solver's update").
///  - lazy: only the flows whose share changed (SimGrid's default, network/optim:Lazy). The order in which one
///    instant's flows were created then reaches when they end (tests/sim/test_sharing.cpp: up to 16 us on a
///    0.4 ms DMA), so a code change that only adds a timer can move a result. The model before 2026-12-08.
enum class SharingUpdate { full, lazy };

struct PlatformSpec {
  unsigned arity;              // k
  unsigned levels;             // n
  unsigned nodes;              // populated leaves, 1..k^n
  std::vector<double> cable_m; // cable length per level (index 0 = level 1, node to leaf switch), metres
  LinkTiming timing;
  NodeSpec node;
  SmallTransfers small_transfers = SmallTransfers::packet;
  SharingUpdate sharing_update = SharingUpdate::full;
  /// SimGrid's surf/precision: events closer than this to an earlier one happen at the earlier one's date.
  double event_precision = 1e-12; // s
};

/// SimGrid configuration chosen for the model: CM02 (LV08's default latency factor of 13 is wrong here) and
/// crosstraffic off. CM02's own window bound (TCP-gamma / 2 x route latency) is switched off with a huge
/// TCP-gamma: the solver sees every route with a unit latency so that flows share a bottleneck equally (Elite
/// arbitrates per packet, 002 §2.2.2), and the ack window is a FATPIPE link per route class instead. The
/// solver's update as `spec` says (SharingUpdate), and its event precision (surf/precision) as `spec` says.
/// Returns the (key, value) pairs set, for the results. Must run before the Platform is built.
std::vector<std::pair<std::string, std::string>> configure_engine(const PlatformSpec& spec);

class QsNetZone;

/// The built platform. The root zone belongs to the SimGrid engine; this is a view with typed access.
class Platform {
public:
  /// Validates the spec (std::invalid_argument naming the field) and builds the platform in the current engine.
  explicit Platform(const PlatformSpec& spec);
  ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  const PlatformSpec& spec() const { return spec_; }
  const KAryNTree& tree() const { return *tree_; }
  unsigned nodes() const { return spec_.nodes; }
  simgrid::s4u::Host* cpu(unsigned node) const { return cpus_.at(node); }
  simgrid::s4u::Host* nic(unsigned node) const { return nics_.at(node); }
  /// The shared part of node's PCI bus, whose capacity models/elan3 switches between one-way and mixed traffic.
  simgrid::s4u::Link* pci_bus(unsigned node) const { return pci_bus_.at(node); }
  /// The virtual host a multicast from `node` is sent to (QsNetZone::add_channel); its route is set per multicast.
  simgrid::s4u::Host* channel(unsigned node) const { return channels_.at(node); }
  void set_channel_route(unsigned node, const std::vector<simgrid::s4u::Link*>& links, double latency) const;
  /// Elite link of a cable in one direction (nullptr for cables that lead to no populated node).
  simgrid::s4u::Link* cable_link(std::uint32_t id, bool up) const { return (up ? cable_up_ : cable_down_).at(id); }
  /// Real one-way latency from one host to another (the solver sees a unit latency, see QsNetZone).
  double true_latency(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to) const;
  /// Whether a transfer of `bytes` is one packet served at its unloaded time (PlatformSpec::small_transfers).
  bool served_as_packet(double bytes) const
  {
    return spec_.small_transfers == SmallTransfers::packet && bytes <= spec_.timing.packet_payload;
  }
  /// Moves `bytes` from one host to another, blocking the calling actor: a SimGrid comm, or, for a transfer
  /// served as a packet, a sleep of its unloaded time.
  void transfer(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes) const;
  /// The time a comm of `bytes` takes alone on its route: the route's latency, then the bytes at its slowest link.
  double unloaded_seconds(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to, double bytes) const;
  /// Sets the ack-window bound of node's multicast channel for the next multicast (bytes/s).
  void set_channel_rate(unsigned node, double rate) const;
  /// One-way latency of a cable (half its share of the ack round trip, see platform.cpp).
  double cable_latency(std::uint32_t id) const;
  simgrid::s4u::Link* pci_write(unsigned node) const { return pci_write_.at(node); }
  /// One-way cable length (metres) from node a to node b.
  double route_cable_m(unsigned a, unsigned b) const;
  /// Sum of link latencies from NIC a to NIC b (s): half the ack round trip.
  double route_latency(unsigned a, unsigned b) const;

private:
  PlatformSpec spec_;
  std::unique_ptr<KAryNTree> tree_;
  std::vector<simgrid::s4u::Host*> cpus_;
  std::vector<simgrid::s4u::Host*> nics_;
  std::vector<simgrid::s4u::Link*> pci_bus_;
  std::vector<simgrid::s4u::Link*> pci_write_;
  std::vector<simgrid::s4u::Host*> channels_;
  std::vector<simgrid::s4u::Link*> cable_up_;
  std::vector<simgrid::s4u::Link*> cable_down_;
  std::vector<simgrid::s4u::Link*> channel_windows_;
  QsNetZone* zone_ = nullptr;
  // unloaded_seconds's routes by (from, to), made on first use: their latency (fixed), the links whose bandwidth
  // changes all the time (a PCI bus with its mode: read at each use), and the slowest rate of the others, kept while
  // no other link's bandwidth has changed (fixed_epoch; on 4,096 nodes reading every link of every descriptor's and
  // restart's route was 3.5 % of BCS-MPI's run). Looked up, never iterated.
  struct UnloadedRoute {
    std::vector<simgrid::s4u::Link*> fixed;
    std::vector<simgrid::s4u::Link*> varying;
    double latency = 0;
    double fixed_rate = 0;
    std::uint64_t fixed_epoch = 0; // 0: not computed yet
  };
  // SimGrid's signal of bandwidth changes (a noise profile on a cable would be one) counts those of every link but
  // the PCI buses and multicast channels. Shared with the handler, which SimGrid keeps after this view is gone.
  struct BandwidthChanges {
    std::uint64_t epoch = 1;
    std::unordered_set<const simgrid::s4u::Link*> varying; // looked up, never iterated
    bool platform_alive = true;
  };
  std::shared_ptr<BandwidthChanges> bandwidth_ = std::make_shared<BandwidthChanges>();
  bool varies(const simgrid::s4u::Link* link) const { return bandwidth_->varying.count(link) != 0; }
  struct PairHash {
    std::size_t operator()(const std::pair<const simgrid::s4u::Host*, const simgrid::s4u::Host*>& p) const
    {
      return std::hash<const void*>()(p.first) * 31 + std::hash<const void*>()(p.second);
    }
  };
  mutable std::unordered_map<std::pair<const simgrid::s4u::Host*, const simgrid::s4u::Host*>, UnloadedRoute, PairHash>
      unloaded_routes_;
};

} // namespace bcssim::qsnet
