#include "sim/specs.hpp"

namespace bcssim::sim {

qsnet::PlatformSpec platform_spec(const Scenario& sc)
{
  qsnet::PlatformSpec s;
  s.arity = unsigned(sc.integer("platform.tree.arity"));
  s.levels = unsigned(sc.integer("platform.tree.levels"));
  s.nodes = unsigned(sc.integer("platform.nodes"));
  s.cable_m = sc.quantities("platform.tree.cable_length");
  s.timing.link_bandwidth = sc.quantity("platform.qsnet.link_bandwidth");
  s.timing.packet_payload = sc.quantity("platform.qsnet.packet_payload");
  s.timing.packet_overhead = sc.quantity("platform.qsnet.packet_overhead");
  s.timing.t_packet = sc.quantity("platform.qsnet.ack.t_packet");
  s.timing.t_base = sc.quantity("platform.qsnet.ack.t_base");
  s.timing.t_cable = sc.quantity("platform.qsnet.ack.t_cable");
  s.timing.t_switch = sc.quantity("platform.qsnet.ack.t_switch");
  s.timing.ack_bandwidth = sc.quantity("platform.qsnet.ack.bandwidth");
  s.node.pes = unsigned(sc.integer("platform.pes_per_node"));
  s.node.pe_speed = sc.quantity("platform.pe_speed");
  s.node.nic_clock = sc.quantity("platform.nic.clock");
  s.node.pci_read = sc.quantity("platform.pci.read_bandwidth");
  s.node.pci_write = sc.quantity("platform.pci.write_bandwidth");
  s.node.pci_mixed = sc.quantity("platform.pci.mixed_bandwidth");
  s.node.pci_latency = sc.quantity("platform.pci.latency");
  return s;
}

elan3::DmaSpec dma_spec(const Scenario& sc) { return elan3::DmaSpec{sc.quantity("platform.nic.dma_startup")}; }

MicrobenchSpec microbench_spec(const Scenario& sc)
{
  MicrobenchSpec m;
  const auto pair = sc.integers("microbench.pair");
  m.src = unsigned(pair.at(0));
  m.dst = unsigned(pair.at(1));
  for (double s : sc.quantities("microbench.sizes"))
    m.sizes.push_back(std::uint64_t(s));
  for (const std::string& p : sc.texts("microbench.paths"))
    m.paths.push_back(parse_memory_path(p));
  m.bandwidth_size = std::uint64_t(sc.quantity("microbench.bandwidth_size"));
  m.bidirectional = sc.flag("microbench.bidirectional");
  m.distance = sc.flag("microbench.distance");
  m.distance_path = parse_memory_path(sc.text("microbench.distance_path"));
  return m;
}

} // namespace bcssim::sim
