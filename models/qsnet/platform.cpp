#include "models/qsnet/platform.hpp"

#include "models/qsnet/qsnet_zone.hpp"
#include "models/qsnet/routing.hpp"

#include <fmt/format.h>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/log.h>

#include "models/qsnet/params.hpp"
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <stdexcept>
#include <string>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(qsnet_platform, qsnet, "qsnet.platform: fat tree, nodes and PCI buses");

namespace bcssim::qsnet {
namespace {

void require(bool ok, const std::string& field, const std::string& what)
{
  if (!ok)
    throw std::invalid_argument("PlatformSpec." + field + ": " + what);
}

void validate(const PlatformSpec& s)
{
  require(s.arity >= 2, "arity", "must be at least 2");
  require(s.levels >= 1, "levels", "must be at least 1");
  require(s.nodes >= 2, "nodes", "must be at least 2");
  base::enforce(platform_params(), s); // the tree's rule, as a scenario is held to it
  for (double c : s.cable_m)
    require(c >= 0, "cable_m", "lengths must be non-negative");
  const LinkTiming& t = s.timing;
  require(t.link_bandwidth > 0, "timing.link_bandwidth", "must be positive");
  require(t.packet_payload > 0, "timing.packet_payload", "must be positive");
  require(t.packet_overhead >= 0, "timing.packet_overhead", "must be non-negative");
  require(t.t_packet > 0 && t.ack_bandwidth > 0, "timing", "t_packet and ack_bandwidth must be positive");
  require(t.t_base >= 0 && t.t_cable >= 0 && t.t_switch >= 0, "timing", "round-trip terms must be non-negative");
  const NodeSpec& n = s.node;
  require(n.pes >= 1, "node.pes", "must be at least 1");
  require(n.pe_speed > 0 && n.nic_clock > 0, "node", "pe_speed and nic_clock must be positive");
  require(n.pci_read > 0 && n.pci_write > 0 && n.pci_mixed > 0, "node", "PCI rates must be positive");
  require(n.pci_latency >= 0, "node.pci_latency", "must be non-negative");
}

// One-way latency of a cable, chosen so that a route's latency is half the ack round trip: every cable carries
// its propagation delay and half a switch (T_switch is per round trip); the two node cables of a route also
// carry a quarter of T_base each and give back the half switch counted once too often (2h cables, 2h-1 switches).
double cable_latency(const LinkTiming& t, unsigned level, double cable_m)
{
  const double propagation = cable_m * t.t_cable;
  if (level == 1)
    return (t.t_base + t.t_switch) / 4.0 + propagation;
  return t.t_switch / 2.0 + propagation;
}

} // namespace

std::vector<std::pair<std::string, std::string>> configure_engine(const PlatformSpec& spec)
{
  std::vector<std::pair<std::string, std::string>> config = {
      {"network/model", "CM02"},
      {"network/crosstraffic", "0"},
      {"network/TCP-gamma", "1e18"}, // off: the ack window is a per-route FATPIPE link (QsNetZone)
      {"network/optim", spec.sharing_update == SharingUpdate::full ? "Full" : "Lazy"},
      {"surf/precision", fmt::format("{}", spec.event_precision)},
  };
  for (const auto& [key, value] : config)
    simgrid::s4u::Engine::set_config(key + ":" + value);
  return config;
}

Platform::Platform(const PlatformSpec& spec) : spec_(spec)
{
  validate(spec_);
  tree_ = std::make_unique<KAryNTree>(spec_.arity, spec_.levels);
  zone_ = new QsNetZone("qsnet", *tree_); // the first zone becomes the engine's root and is owned by it

  const NodeSpec& ns = spec_.node;
  cpus_.reserve(spec_.nodes);
  nics_.reserve(spec_.nodes);
  for (unsigned p = 0; p < spec_.nodes; ++p) {
    const std::string prefix = "node" + std::to_string(p);
    auto* cpu = zone_->create_host(prefix + ".cpu", {ns.pe_speed})->set_core_count(ns.pes)->seal();
    auto* nic = zone_->create_host(prefix + ".nic", {ns.nic_clock})->seal();
    zone_->add_endpoint(cpu, p, false);
    zone_->add_endpoint(nic, p, true);
    cpus_.push_back(cpu);
    nics_.push_back(nic);

    auto* read = zone_->create_link(prefix + ".pci.read", {ns.pci_read})->set_latency(ns.pci_latency / 2)->seal();
    auto* bus = zone_->create_link(prefix + ".pci.bus", {std::max(ns.pci_read, ns.pci_write)})->seal();
    auto* write = zone_->create_link(prefix + ".pci.write", {ns.pci_write})->set_latency(ns.pci_latency / 2)->seal();
    zone_->set_pci(p, read, bus, write);
    pci_bus_.push_back(bus);
    pci_write_.push_back(write);
    auto* channel = zone_->create_host(prefix + ".mcast", {ns.nic_clock})->seal();
    zone_->add_channel(channel, p);
    channels_.push_back(channel);
  }

  // Cables: only those whose lower end leads to a populated node can carry traffic.
  const double bandwidth = payload_bandwidth(spec_.timing);
  cable_up_.assign(tree_->cable_count(), nullptr);
  cable_down_.assign(tree_->cable_count(), nullptr);
  for (std::uint32_t id = 0; id < tree_->cable_count(); ++id) {
    const unsigned level = tree_->cable_level(id);
    const auto& lower = tree_->graph()[tree_->cable_lower(id)];
    const std::uint64_t first_node =
        lower.kind == VertexKind::node
            ? lower.index
            : std::uint64_t(lower.index / tree_->power(lower.level - 1)) * tree_->power(lower.level);
    if (first_node >= spec_.nodes)
      continue;
    const double latency = qsnet::cable_latency(spec_.timing, level, spec_.cable_m[level - 1]);
    const std::string name = "cable" + std::to_string(id);
    auto* up = zone_->create_link(name + ".up", {bandwidth})->set_latency(latency)->seal();
    auto* down = zone_->create_link(name + ".down", {bandwidth})->set_latency(latency)->seal();
    zone_->set_cable(id, up, down);
    cable_up_[id] = up;
    cable_down_[id] = down;
  }
  // The ack window (thesis §4.3.2.2): a flow moves ack_window bytes per round trip, i.e. at most
  // window / (2 x one-way latency). A FATPIPE link bounds each flow crossing it without sharing its capacity.
  // Route latency depends only on the levels climbed and on whether each end crosses PCI, so per source node one
  // link per distinct latency serves all its routes (with the default PCI latency of 0: one per level). Per
  // node, not machine-wide: a link shared by all flows would couple them in the solver and make every update
  // touch every flow. Multicast channels get one each, set per multicast.
  const double window = ack_window(spec_.timing);
  auto fatpipe = [this](const std::string& name, double bw) {
    return zone_->create_link(name, {bw})->set_sharing_policy(simgrid::s4u::Link::SharingPolicy::FATPIPE)->seal();
  };
  struct Class {
    unsigned h;
    int s, d;
    double latency;
  };
  std::vector<Class> classes;
  for (unsigned h = 0; h <= spec_.levels; ++h) {
    const unsigned other = h == 0 ? 0 : tree_->power(h - 1);
    if (other >= spec_.nodes)
      break;
    for (int s = 0; s < 2; ++s)
      for (int d = 0; d < 2; ++d)
        if (h > 0 || s != d) // not a host to itself
          classes.push_back({h, s, d,
                             zone_->true_latency((s ? cpus_[0] : nics_[0])->get_netpoint(),
                                                 (d ? cpus_[other] : nics_[other])->get_netpoint())});
  }
  for (unsigned p = 0; p < spec_.nodes; ++p) {
    std::vector<std::pair<double, simgrid::s4u::Link*>> by_latency; // in class order: deterministic names
    for (const Class& c : classes) {
      if (c.latency <= 0)
        continue; // no latency, no window bound
      auto it = std::find_if(by_latency.begin(), by_latency.end(), [&](const auto& e) { return e.first == c.latency; });
      if (it == by_latency.end()) {
        by_latency.emplace_back(c.latency,
                                fatpipe("node" + std::to_string(p) + ".window" + std::to_string(by_latency.size()),
                                        window / (2 * c.latency)));
        it = by_latency.end() - 1;
      }
      zone_->set_window_link(p, c.h, c.s, c.d, it->second);
    }
  }
  for (unsigned p = 0; p < spec_.nodes; ++p) {
    channel_windows_.push_back(fatpipe("node" + std::to_string(p) + ".mcast.window", 1e18));
    zone_->set_channel_window(p, channel_windows_.back());
  }
  zone_->seal();
  bandwidth_->varying.insert(pci_bus_.begin(), pci_bus_.end());
  bandwidth_->varying.insert(channel_windows_.begin(), channel_windows_.end());
  simgrid::s4u::Link::on_bandwidth_change_cb([changes = bandwidth_](const simgrid::s4u::Link& link) {
    if (changes->platform_alive && changes->varying.count(&link) == 0)
      ++changes->epoch;
  });

  // The solver saw a unit latency on every route (equal shares); each comm gets its real latency back here.
  auto* zone = zone_;
  simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model()->set_lat_factor_cb(
      [zone](double, const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst,
             const std::vector<simgrid::s4u::Link*>&, const std::unordered_set<simgrid::s4u::NetZone*>&) {
        return zone->true_latency(src->get_netpoint(), dst->get_netpoint()) / QsNetZone::kSolverLatency;
      });
  XBT_INFO("QsNet %u-ary %u-tree: %u nodes, %u switches, payload rate %.1f MB/s, ack window %.1f B", spec_.arity,
           spec_.levels, spec_.nodes, tree_->switch_count(), bandwidth / 1e6, ack_window(spec_.timing));
}

void Platform::set_channel_route(unsigned node, const std::vector<simgrid::s4u::Link*>& links, double latency) const
{
  zone_->set_channel_route(node, links, latency);
}

double Platform::true_latency(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to) const
{
  return zone_->true_latency(from->get_netpoint(), to->get_netpoint());
}

void Platform::transfer(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes) const
{
  if (!served_as_packet(bytes)) {
    simgrid::s4u::Comm::sendto(from, to, bytes);
    return;
  }
  simgrid::s4u::this_actor::sleep_for(unloaded_seconds(from, to, bytes));
}

Platform::~Platform()
{
  bandwidth_->platform_alive = false; // SimGrid's signal cannot be disconnected from: the handler stays, idle
  bandwidth_->varying.clear();
}

double Platform::unloaded_seconds(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to, double bytes) const
{
  // Alone on its route, a comm takes the route's latency, then its bytes at the slowest link's rate.
  auto [it, made] = unloaded_routes_.try_emplace({from, to});
  UnloadedRoute& route = it->second;
  if (made) {
    std::vector<simgrid::s4u::Link*> links;
    from->route_to(to, links, nullptr);
    for (simgrid::s4u::Link* l : links)
      (varies(l) ? route.varying : route.fixed).push_back(l);
    route.latency = true_latency(from, to);
  }
  if (route.fixed_epoch != bandwidth_->epoch) {
    route.fixed_rate = std::numeric_limits<double>::infinity();
    for (const simgrid::s4u::Link* l : route.fixed)
      route.fixed_rate = std::min(route.fixed_rate, l->get_bandwidth());
    route.fixed_epoch = bandwidth_->epoch;
  }
  double rate = route.fixed_rate; // the minimum is the same whichever order the links are taken in
  for (const simgrid::s4u::Link* l : route.varying)
    rate = std::min(rate, l->get_bandwidth());
  return route.latency + bytes / rate;
}

void Platform::set_channel_rate(unsigned node, double rate) const { channel_windows_.at(node)->set_bandwidth(rate); }

double Platform::cable_latency(std::uint32_t id) const
{
  const unsigned level = tree_->cable_level(id);
  return qsnet::cable_latency(spec_.timing, level, spec_.cable_m[level - 1]);
}

double Platform::route_cable_m(unsigned a, unsigned b) const
{
  double total = 0;
  for (const Hop& hop : route(*tree_, a, b))
    total += spec_.cable_m[tree_->cable_level(hop.cable) - 1];
  return total;
}

double Platform::route_latency(unsigned a, unsigned b) const
{
  double total = 0;
  for (const Hop& hop : route(*tree_, a, b)) {
    const unsigned level = tree_->cable_level(hop.cable);
    total += qsnet::cable_latency(spec_.timing, level, spec_.cable_m[level - 1]);
  }
  return total;
}

} // namespace bcssim::qsnet
