// Sources: 002 = thesis excerpt, 003 = Kumar & Kalé, DESIGN = docs/design-brief.md (docs/references.md).
// Defaults are those of an ES45-class QsNet node; sim/catalogue/presets.cpp changes what differs per machine.
#include "models/qsnet/params.hpp"
#include "base/units.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bcssim::qsnet {
namespace {

using base::kUnbounded;
using base::ParamError;
using base::Quantity;

base::ParamGroup<LinkTiming> link_timing_params()
{
  base::ParamGroup<LinkTiming> g("platform.qsnet");
  g.quantity("link_bandwidth", &LinkTiming::link_bandwidth, Quantity::bandwidth, "400MB/s", 1, kUnbounded,
             "Elite link nominal bandwidth per direction.", "002 §2.2.2");
  g.quantity("packet_payload", &LinkTiming::packet_payload, Quantity::size, "320B", 1, 1e6,
             "Data per packet (5 write-block transactions of 64 B).", "002 §2.2.2.1, §2.4.1.1");
  g.quantity("packet_overhead", &LinkTiming::packet_overhead, Quantity::size, "58B", 0, 1e6,
             "Header, CRC and routing bytes per packet; payload rate = bandwidth*320/378 = 338.6 MB/s.",
             "002 §2.4.1.1");
  g.quantity("ack.t_packet", &LinkTiming::t_packet, Quantity::time, "953ns", 1e-12, 1,
             "T_packet of the ack-limited model: time to send one packet.", "thesis §4.3.2.2 via DESIGN §3");
  g.quantity("ack.t_base", &LinkTiming::t_base, Quantity::time, "580ns", 0, 1,
             "T_base: fixed part of a packet's ack round trip.", "thesis §4.3.2.2 via DESIGN §3");
  g.quantity("ack.t_cable", &LinkTiming::t_cable, Quantity::time_per_length, "3.94ns/m", 0, 1e-6,
             "T_cable: round-trip term per metre of cable (counted 2L times).", "thesis §4.3.2.2 via DESIGN §3");
  g.quantity("ack.t_switch", &LinkTiming::t_switch, Quantity::time, "73ns", 0, 1e-3,
             "T_switch: round-trip time per Elite crossed (35 ns flow-through each way, 002 §2.2.2, plus "
             "ack turnaround); gives 36.5 ns per switch one way.",
             "thesis §4.3.2.2 via DESIGN §3");
  g.quantity("ack.bandwidth", &LinkTiming::ack_bandwidth, Quantity::bandwidth, "320MB/s", 1, kUnbounded,
             "Asymptotic rate of the ack-limited model; with T_packet it sets the window (305 B) a flow "
             "may have unacknowledged (each route's window link).",
             "thesis §4.3.2.2 via DESIGN §3");
  return g;
}

base::ParamGroup<NodeSpec> node_params()
{
  base::ParamGroup<NodeSpec> g("platform");
  g.integer("pes_per_node", &NodeSpec::pes, 2, 1, 1024, "Processing elements (CPU cores) per node.", "preset");
  g.quantity("pe_speed", &NodeSpec::pe_speed, Quantity::frequency, "1GHz", 1, kUnbounded,
             "Speed of one PE; 1 cycle = 1 simulated flop.", "preset");
  g.quantity("nic.clock", &NodeSpec::nic_clock, Quantity::frequency, "100MHz", 1, kUnbounded,
             "Elan3 thread processor clock (the NIC host's speed).", "003 §2.1, 002 §2.2.1");
  // PCI bus: ES45-class, 64-bit/66 MHz.
  g.quantity("pci.read_bandwidth", &NodeSpec::pci_read, Quantity::bandwidth, "290MiB/s", 1, kUnbounded,
             "DMA reads of main memory (host to NIC) when the bus carries one direction.",
             "003 Table 6: main-to-main one way 290 MiB/s (ES45)");
  g.quantity("pci.write_bandwidth", &NodeSpec::pci_write, Quantity::bandwidth, "305MiB/s", 1, kUnbounded,
             "DMA writes to main memory (NIC to host) when the bus carries one direction.",
             "003 Table 6: Elan-to-main 305 MiB/s (ES45)");
  g.quantity("pci.mixed_bandwidth", &NodeSpec::pci_mixed, Quantity::bandwidth, "256MiB/s", 1, kUnbounded,
             "Total bus capacity while reads and writes interleave (bus turnaround), shared equally.",
             "003 Table 6: two-way main-to-main 128 MiB/s each way (ES45)");
  g.quantity("pci.latency", &NodeSpec::pci_latency, Quantity::time, "0ns", 0, 1,
             "Latency of one PCI crossing; fixed DMA costs are in platform.nic.dma_startup.",
             "no separate measurement; 002 and 003 give only end-to-end latencies");
  return g;
}

double capacity(unsigned arity, unsigned levels) { return std::pow(double(arity), double(levels)); }

// The tree's rule (002 §2.2.2: a k-ary n-tree has k^n leaves).
std::optional<ParamError> check_tree(const PlatformSpec& s)
{
  if (capacity(s.arity, s.levels) > 16777216.0)
    return ParamError{"tree.levels", std::to_string(s.levels),
                      fmt::format("a tree of at most 2^24 nodes (platform.tree.arity = {})", s.arity)};
  if (double(s.nodes) > capacity(s.arity, s.levels))
    return ParamError{"nodes", std::to_string(s.nodes),
                      fmt::format("at most {} = {}^{}, the capacity of the tree (platform.tree.arity = {}, "
                                  "platform.tree.levels = {})",
                                  capacity(s.arity, s.levels), s.arity, s.levels, s.arity, s.levels)};
  if (s.cable_m.size() != s.levels)
    return ParamError{"tree.cable_length", "",
                      fmt::format("one length, or one per level ({})", base::counted(s.levels, "level"))};
  return std::nullopt;
}

} // namespace

unsigned smallest_levels(unsigned arity, std::uint64_t nodes)
{
  unsigned n = 1;
  while (capacity(arity, n) < double(nodes))
    ++n;
  return n;
}

const base::ParamGroup<PlatformSpec>& platform_params()
{
  static const base::ParamGroup<PlatformSpec> g = [] {
    base::ParamGroup<PlatformSpec> g("platform");
    g.integer("nodes", &PlatformSpec::nodes, 32, 2, 16777216, "Number of nodes (populated leaves of the fat tree).",
              "preset");
    g.integer("tree.arity", &PlatformSpec::arity, 4, 2, 64, "k of the k-ary n-tree: Elite switch down (= up) ports.",
              "002 §2.2.2: quaternary fat tree");
    g.add(base::integer_decl("tree.levels", 0, 1, 24,
                             "n of the k-ary n-tree; \"auto\" = the smallest n with k^n >= nodes.", "002 §2.2.2"),
          [](PlatformSpec& s, const base::ParamValue& v) { s.levels = v.is_auto() ? 0 : unsigned(v.number()); })
        .automatic();
    g.add(base::quantity_decl("tree.cable_length", Quantity::length, "2.5m", 0, 1000,
                              "Cable length per level (first = node to leaf switch); one value = every level. "
                              "A route's L is the sum over its cables, one way.",
                              "fitted to 003 Table 7 (worst-case Elan-to-main bandwidth 300/292/267/233 MiB/s "
                              "at 4/16/64/256 nodes; 233 MiB/s at 256 nodes needs L = 20 m over 8 cables)"),
          [](PlatformSpec& s, const base::ParamValue& v) { s.cable_m = v.numbers; })
        .listed(base::quantities(Quantity::length, {"2.5m"}))
        .default_literal = "\"2.5m\""; // one value for every level, as a scenario writes it
    g.nest(&PlatformSpec::timing, link_timing_params());
    g.nest(&PlatformSpec::node, node_params());
    g.choice("qsnet.small_transfers", &PlatformSpec::small_transfers, "packet",
             {{"shared", SmallTransfers::shared}, {"packet", SmallTransfers::packet}},
             "How a transfer that fits in one packet (platform.qsnet.packet_payload: a descriptor, an envelope, "
             "a get request, an event word) meets the long transfers on its route. shared: a max-min fair share, "
             "like any transfer, so behind n long flows it takes about n+1 times its unloaded time. packet: its "
             "unloaded time, taking nothing from the others, as per-packet arbitration and the DMA thread's "
             "time-slicing give it (and a timer instead of a flow: a 64-rank all-to-all simulates about twice "
             "as fast). shared is the fluid what-if (docs/model.md).",
             "002 §2.2.1 (the DMA thread \"time-slices large DMAs so that small DMAs are not adversely "
             "blocked\"), §2.2.2 (Elite: per-packet arbitration, aging for fair delivery)")
        .before("\"shared\""); // every binary before the parameter served single packets as flows
    g.choice("qsnet.sharing_update", &PlatformSpec::sharing_update, "full",
             {{"full", SharingUpdate::full}, {"lazy", SharingUpdate::lazy}},
             "How SimGrid's network solver brings the flows' progress up to date when the sharing of a link "
             "changes. full: every flow at every change. lazy: only the flows whose share changed (SimGrid's "
             "default); the order in which SimGrid creates one instant's flows then reaches when they end (24 "
             "DMAs created in the opposite order: 6 end apart, by up to 16 us), so a change of code that only "
             "adds a timer can move results. lazy is the model before 2026-12-08 (docs/model.md).",
             "SimGrid 3.32 network/optim (Full, Lazy); tests/sim/test_sharing.cpp")
        .before("\"lazy\""); // every binary before the parameter used SimGrid's default
    g.quantity("qsnet.event_precision", &PlatformSpec::event_precision, Quantity::time, "1ps", 1e-15, 1e-6,
               "SimGrid's time precision (surf/precision): an event due less than this after another happens at "
               "the other's date, so an acted-out wait (a CPU action with a maximum duration) can end up to this "
               "much before a computed timer of the same length. NAS IS on BCS-MPI (64 ranks) under the stages "
               "and under the message tier with its NIC threads acted / computed: at 1 ns (SimGrid's default) "
               "3.4195, 3.3820 and 3.4445 s; at 10 ps 3.3695, 3.3695 and 3.3790 s; at 1 ps all three 3.379015958 "
               "s, and 0.1 ps gives the same digests as 1 ps. 1 ps costs about 1.26x the CPU of 1 ns over the "
               "golden studies. 1 ns is the model before 2026-12-08 (docs/model.md).",
               "SimGrid 3.32 surf/precision; docs/plans/bcs-message-tier.md (\"Found on 2026-12-08\")")
        .before("\"1ns\""); // every binary before the parameter used SimGrid's default
    g.rule(check_tree);
    return g;
  }();
  return g;
}

const base::ParamGroup<MulticastSpec>& multicast_params()
{
  static const base::ParamGroup<MulticastSpec> g = [] {
    base::ParamGroup<MulticastSpec> g("platform.qsnet");
    g.quantity("multicast.main_fetch", &MulticastSpec::main_fetch, Quantity::time, "750ns", 0, 1e-3,
               "A multicast from main memory fetches each packet across PCI only once the previous packet's "
               "combined ack is back, adding this to the packet cycle (NIC memory: nothing to fetch).",
               "calibrated: 002 §2.4.2.1 broadcast at the source on 64 nodes, 175 MB/s from main memory: "
               "305 B / 175 MB/s - the 992 ns ack round trip of Wolverine's 3-level box = 750 ns");
    g.integer("multicast.link_budget", &MulticastSpec::link_budget, 64, 1, 1e7,
              "Simulation fidelity vs speed: a multicast loads whole levels of its spanning tree, from the "
              "top down, while they fit in this many links, plus the path to its farthest destination; links "
              "of other branches below are not loaded. 64 = the whole tree up to 48 destinations and the top "
              "two levels of any tree; SimGrid's cost grows with the square of it (4096 nodes: 10 us of wall "
              "time per multicast at 64, 57 ms for the whole tree).",
              "simulator setting (bench/multicast_wall.cpp)");
    g.add(base::integer_decl("faults.multicast", 1, 1, 9007199254740991.0,
                             "Hardware multicasts (1-based, machine-wide in start order) that meet a network "
                             "error: none of their destinations gets the data and the NIC sends them again. "
                             "[] = none.",
                             "scenario choice (fault injection)"),
          [](MulticastSpec& s, const base::ParamValue& v) {
            s.failing.clear();
            for (double n : v.numbers)
              s.failing.insert(std::uint64_t(n));
          })
        .listed(base::numbers({}));
    return g;
  }();
  return g;
}

const base::ParamGroup<QuerySpec>& query_params()
{
  static const base::ParamGroup<QuerySpec> g = [] {
    base::ParamGroup<QuerySpec> g("platform.qsnet.query");
    g.quantity("per_level", &QuerySpec::per_level, Quantity::time, "390ns", 0, 1e-3,
               "A global query (test-and-set multicast) waits at each switch level for the replies of all "
               "its children and combines them (\"worst ack wins\"): added per level, each way.",
               "calibrated: 002 §2.4.2.2 hardware barrier 10 us on 1024 nodes, about half that on a few");
    return g;
  }();
  return g;
}

} // namespace bcssim::qsnet
