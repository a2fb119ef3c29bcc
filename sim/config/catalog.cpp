// The one declaration of every scenario parameter: path, type and unit, default, range, doc and source.
// Defaults are those of an ES45-class QsNet node (the best-measured one); presets.cpp changes what differs
// per machine. Sources: 002 = thesis excerpt, 003 = Kumar & Kalé, DESIGN = ../shared/DESIGN.md.
#include "sim/config/param_builders.hpp"

namespace bcssim::sim {
namespace {

const std::vector<std::string> kPaths = {"elan-elan", "elan-main", "main-elan", "main-main"};

std::vector<ParamSpec> declare()
{
  std::vector<ParamSpec> c;
  // --- scenario ---
  {
    ParamSpec name;
    name.path = "name";
    name.type = ParamType::text;
    name.default_value = "scenario";
    name.doc = "Scenario name; results go to out/<name>/. Letters, digits, '.', '_' and '-'. Default: the file's name.";
    name.source = "scenario choice";
    c.push_back(name);
  }
  c.push_back(integer("seed", 1, 0, 9007199254740991.0,
                      "Seed of every pseudo-random stream (noise, variability). Same scenario + seed => same digest.",
                      "scenario choice"));
  c.push_back(choice("kind", "microbench", {"microbench", "mpi_microbench", "app"},
                     "What to run: 'microbench' measures the raw QsNet substrate (Elan3lib-level RDMA puts) and "
                     "the core primitives; 'mpi_microbench' runs OSU-style MPI benchmarks on the backend 'mpi'; "
                     "'app' runs the application app.name on the backend 'mpi'.",
                     "scenario choice"));

  // --- platform: machine shape ---
  c.push_back(choice("platform.preset", "crescendo", {"crescendo", "wolverine", "accelerando", "asci-q"},
                     "Machine whose values replace the defaults below; any field can still be overridden.",
                     "002 Table 1.1, 000 §6.1"));
  c.push_back(integer("platform.nodes", 32, 2, 16777216, "Number of nodes (populated leaves of the fat tree).",
                      "preset"));
  c.push_back(integer("platform.pes_per_node", 2, 1, 1024, "Processing elements (CPU cores) per node.", "preset"));
  c.push_back(quantity("platform.pe_speed", Quantity::frequency, "1GHz", 1, inf,
                       "Speed of one PE; 1 cycle = 1 simulated flop.", "preset"));
  c.push_back(integer("platform.tree.arity", 4, 2, 64, "k of the k-ary n-tree: Elite switch down (= up) ports.",
                      "002 §2.2.2: quaternary fat tree"));
  {
    ParamSpec levels = integer("platform.tree.levels", "auto", 1, 24,
                               "n of the k-ary n-tree; \"auto\" = the smallest n with k^n >= nodes.",
                               "002 §2.2.2");
    levels.allow_auto = true;
    c.push_back(levels);
  }
  c.push_back(listed(quantity("platform.tree.cable_length", Quantity::length, "2.5m", 0, 1000,
                              "Cable length per level (first = node to leaf switch); one value = every level. "
                              "A route's L is the sum over its cables, one way.",
                              "fitted to 003 Table 7 (worst-case Elan-to-main bandwidth 300/292/267/233 MiB/s "
                              "at 4/16/64/256 nodes; 233 MiB/s at 256 nodes needs L = 20 m over 8 cables)"),
                     "2.5m"));

  // --- platform: Elite links and the ack-limited model ---
  c.push_back(quantity("platform.qsnet.link_bandwidth", Quantity::bandwidth, "400MB/s", 1, inf,
                       "Elite link nominal bandwidth per direction.", "002 §2.2.2"));
  c.push_back(quantity("platform.qsnet.packet_payload", Quantity::size, "320B", 1, 1e6,
                       "Data per packet (5 write-block transactions of 64 B).", "002 §2.2.2.1, §2.4.1.1"));
  c.push_back(quantity("platform.qsnet.packet_overhead", Quantity::size, "58B", 0, 1e6,
                       "Header, CRC and routing bytes per packet; payload rate = bandwidth*320/378 = 338.6 MB/s.",
                       "002 §2.4.1.1"));
  c.push_back(quantity("platform.qsnet.ack.t_packet", Quantity::time, "953ns", 1e-12, 1,
                       "T_packet of the ack-limited model: time to send one packet.", "thesis §4.3.2.2 via DESIGN §3"));
  c.push_back(quantity("platform.qsnet.ack.t_base", Quantity::time, "580ns", 0, 1,
                       "T_base: fixed part of a packet's ack round trip.", "thesis §4.3.2.2 via DESIGN §3"));
  c.push_back(quantity("platform.qsnet.ack.t_cable", Quantity::time_per_length, "3.94ns/m", 0, 1e-6,
                       "T_cable: round-trip term per metre of cable (counted 2L times).",
                       "thesis §4.3.2.2 via DESIGN §3"));
  c.push_back(quantity("platform.qsnet.ack.t_switch", Quantity::time, "73ns", 0, 1e-3,
                       "T_switch: round-trip time per Elite crossed (35 ns flow-through each way, 002 §2.2.2, plus "
                       "ack turnaround); gives 36.5 ns per switch one way.",
                       "thesis §4.3.2.2 via DESIGN §3"));
  c.push_back(quantity("platform.qsnet.ack.bandwidth", Quantity::bandwidth, "320MB/s", 1, inf,
                       "Asymptotic rate of the ack-limited model; with T_packet it sets the window (305 B) a flow "
                       "may have unacknowledged (each route's window link).",
                       "thesis §4.3.2.2 via DESIGN §3"));

  // --- platform: hardware collectives (002 §2.4.2) ---
  c.push_back(quantity("platform.qsnet.multicast.main_fetch", Quantity::time, "750ns", 0, 1e-3,
                       "A multicast from main memory fetches each packet across PCI only once the previous packet's "
                       "combined ack is back, adding this to the packet cycle (NIC memory: nothing to fetch).",
                       "calibrated: 002 §2.4.2.1 broadcast at the source on 64 nodes, 175 MB/s from main memory: "
                       "305 B / 175 MB/s - the 992 ns ack round trip of Wolverine's 3-level box = 750 ns"));
  c.push_back(integer("platform.qsnet.multicast.link_budget", 64, 1, 1e7,
                      "Simulation fidelity vs speed: a multicast loads whole levels of its spanning tree, from the "
                      "top down, while they fit in this many links, plus the path to its farthest destination; links "
                      "of other branches below are not loaded. 64 = the whole tree up to 48 destinations and the top "
                      "two levels of any tree; SimGrid's cost grows with the square of it (4096 nodes: 10 us of wall "
                      "time per multicast at 64, 57 ms for the whole tree).",
                      "simulator setting (bench/multicast_wall.cpp)"));
  c.push_back(quantity("platform.qsnet.query.per_level", Quantity::time, "390ns", 0, 1e-3,
                       "A global query (test-and-set multicast) waits at each switch level for the replies of all "
                       "its children and combines them (\"worst ack wins\"): added per level, each way.",
                       "calibrated: 002 §2.4.2.2 hardware barrier 10 us on 1024 nodes, about half that on a few"));
  c.push_back(listed(integer("platform.qsnet.faults.multicast", 1, 1, 9007199254740991.0,
                             "Hardware multicasts (1-based, machine-wide in start order) that meet a network "
                             "error: none of their destinations gets the data and the NIC sends them again. "
                             "[] = none.",
                             "scenario choice (fault injection)"),
                     nlohmann::json::array()));

  // --- platform: Elan3 NIC ---
  c.push_back(quantity("platform.nic.clock", Quantity::frequency, "100MHz", 1, inf,
                       "Elan3 thread processor clock (the NIC host's speed).", "003 §2.1, 002 §2.2.1"));
  c.push_back(quantity("platform.nic.dma_startup", Quantity::time, "1853.8ns", 0, 1,
                       "Elan3lib RDMA put: time from the post to data entering the network, plus completion "
                       "notification (host PIO, DMA engine start, destination event).",
                       "002 §2.4.1.1: 0-byte latency 2.2 us minus the wire latency of adjacent nodes "
                       "(346.2 ns with 2.5 m cables)"));

  c.push_back(integer("platform.nic.cycles.event", 10, 0, 1e9,
                       "Thread processor cycles to set or test an event in NIC memory.",
                       "assumed: a few loads/stores and a thread switch (about 2 cycles, 002 §2.2.1)"));
  c.push_back(integer("platform.nic.cycles.descriptor", 50, 0, 1e9,
                       "Thread processor cycles to build and issue a DMA descriptor or a network transaction.",
                       "assumed: 16 words written to the DMA queue plus the command; within the 2.2 us Elan3lib "
                       "latency (002 §2.4.1.1)"));
  c.push_back(integer("platform.nic.cycles.compare", 4, 0, 1e9,
                       "Thread processor cycles for one comparison of a word (matching, Compare-And-Write).",
                       "assumed: load, compare, branch on a 32-bit RISC"));
  c.push_back(quantity("platform.nic.host_post", Quantity::time, "500ns", 0, 1,
                       "A process posting a descriptor into NIC memory: programmed I/O beyond the transfer of its "
                       "64 bytes across PCI.",
                       "calibrated with host_wake: 002 §2.4.2.2 hardware barrier on a few nodes (about 5 us)"));
  c.push_back(quantity("platform.nic.host_wake", Quantity::time, "500ns", 0, 1,
                       "From the NIC writing an event word to host memory to the polling process seeing it.",
                       "calibrated with host_post: 002 §2.4.2.2 hardware barrier on a few nodes (about 5 us)"));

  // --- quadrics: the production-MPI baseline (Quadrics MPI over Elan Tports) ---
  c.push_back(quantity("quadrics.host_overhead", Quantity::time, "490ns", 0, 1,
                       "Host CPU time of one call into the MPI library (isend, irecv, probe).",
                       "calibrated: 003 Table 2, 16 B ping-pong latency 4.69 us with 1 posted receive"));
  c.push_back(quantity("quadrics.eager_limit", Quantity::size, "4KiB", 0, 1e9,
                       "Largest message sent eagerly; larger ones use rendezvous (an RDMA get by the receiver).",
                       "003 §3: short messages (4 KB or below) go eager through elan_tportTxSend"));
  c.push_back(quantity("quadrics.pio_limit", Quantity::size, "288B", 0, 1e9,
                       "Messages smaller than this are copied into the NIC by the host before they are sent.",
                       "003 §2.1: messages smaller than 288 bytes are first copied into the network interface"));
  c.push_back(quantity("quadrics.pio_bandwidth", Quantity::bandwidth, "87.6MB/s", 1, inf,
                       "Rate of that host copy (programmed I/O across PCI).",
                       "calibrated: 003 Table 2, 16 B to 256 B latency growth (4.69 to 8.89 us) minus the "
                       "modelled wire and PCI time of the extra 240 B"));
  c.push_back(integer("quadrics.nic_message_cycles", 10, 0, 1e9,
                      "NIC thread cycles per message handled by Tports (arrival or posted receive).",
                      "assumed: a few tens of instructions"));
  c.push_back(integer("quadrics.nic_walk_cycles", 41, 0, 1e9,
                      "NIC thread cycles per queue entry examined while matching (includes its cache misses).",
                      "calibrated: 003 Table 2, 16 B latency 4.69 us with 1 and 17.8 us with 33 posted receives: "
                      "13.1 us over 32 entries at 100 MHz"));

  // --- bcs: core primitives ---
  c.push_back(choice("bcs.core.impl", "qsnet_hw", {"qsnet_hw", "software_tree"},
                     "Implementation of Xfer-And-Signal / Test-Event / Compare-And-Write: QsNet hardware multicast "
                     "and global query, or a k-ary tree of point-to-point messages (no hardware collectives).",
                     "002 §3.4"));
  c.push_back(integer("bcs.core.software_tree.fanout", 4, 1, 1024, "Children per node of the software tree.",
                      "002 §2.4.2.2 (balanced tree); 004 §2.6"));
  c.push_back(choice("bcs.core.software_tree.network", "platform",
                     {"platform", "logp", "gige", "myrinet", "infiniband"},
                     "Transit of one tree message: 'platform' = an RDMA put over the simulated QsNet with the "
                     "overhead and gap below; 'logp' = the fixed latency below; gige / myrinet / infiniband = LogP "
                     "triples (o, g, L) that reproduce 000 Table 2.1 (see docs/model.md).",
                     "scenario choice"));
  c.push_back(quantity("bcs.core.software_tree.overhead", Quantity::time, "20ns", 0, 1,
                       "o: per message at the sender and again at the receiver (receives are serialized).",
                       "a NIC thread switch, about 2 cycles (002 §2.2.1): on the platform network the put itself "
                       "(descriptor cycles, DMA start-up, wire) is already modelled"));
  c.push_back(quantity("bcs.core.software_tree.gap", Quantity::time, "20ns", 0, 1,
                       "g: between successive sends of one node (the first send waits one gap too, 004 §2.6).",
                       "a NIC thread switch, about 2 cycles (002 §2.2.1), as for the overhead"));
  c.push_back(quantity("bcs.core.software_tree.latency", Quantity::time, "5us", 0, 1,
                       "L: transit of one message when network = logp.", "scenario choice"));

  // --- platform: PCI bus (ES45-class: 64-bit/66 MHz) ---
  c.push_back(quantity("platform.pci.read_bandwidth", Quantity::bandwidth, "290MiB/s", 1, inf,
                       "DMA reads of main memory (host to NIC) when the bus carries one direction.",
                       "003 Table 6: main-to-main one way 290 MiB/s (ES45)"));
  c.push_back(quantity("platform.pci.write_bandwidth", Quantity::bandwidth, "305MiB/s", 1, inf,
                       "DMA writes to main memory (NIC to host) when the bus carries one direction.",
                       "003 Table 6: Elan-to-main 305 MiB/s (ES45)"));
  c.push_back(quantity("platform.pci.mixed_bandwidth", Quantity::bandwidth, "256MiB/s", 1, inf,
                       "Total bus capacity while reads and writes interleave (bus turnaround), shared equally.",
                       "003 Table 6: two-way main-to-main 128 MiB/s each way (ES45)"));
  c.push_back(quantity("platform.pci.latency", Quantity::time, "0ns", 0, 1,
                       "Latency of one PCI crossing; fixed DMA costs are in platform.nic.dma_startup.",
                       "no separate measurement; 002 and 003 give only end-to-end latencies"));

  // --- microbench ---
  c.push_back(listed(integer("microbench.pair", 0, 0, 16777215,
                             "Source and destination node of the latency and bandwidth sweeps.", "scenario choice"),
                     {0, 1}));
  c.push_back(listed(quantity("microbench.sizes", Quantity::size, "0B", 0, 1e9,
                              "Message sizes of the latency and bandwidth sweeps.", "scenario choice"),
                     {"0B", "1B", "4B", "16B", "64B", "256B", "1KiB", "4KiB", "16KiB", "64KiB", "256KiB", "1MiB"}));
  c.push_back(choice_list("microbench.paths", kPaths, {"elan-elan", "main-main"},
                          "Source-destination memories of the sweeps: elan = NIC memory, main = host memory over "
                          "PCI.",
                          "scenario choice"));
  c.push_back(quantity("microbench.bandwidth_size", Quantity::size, "1MiB", 1, 1e10,
                       "Message size of the bidirectional and distance measurements.", "scenario choice"));
  c.push_back(boolean("microbench.bidirectional", true,
                      "Also send between the pair in both directions at once, for every path."));
  c.push_back(boolean("microbench.distance", true,
                      "Also measure worst-case bandwidth vs tree size: node 0 to node k^h - 1 for each level h."));
  {
    ParamSpec path = choice("microbench.distance_path", "elan-main", kPaths,
                            "Memories of the distance measurement.", "003 Table 7 measures Elan to main");
    c.push_back(path);
  }
  c.push_back(boolean("microbench.collectives", true,
                      "Also measure the core primitives on node sets 0..n-1: barrier, broadcast bandwidth at the "
                      "source, global compare and Compare-And-Write, for each implementation."));
  c.push_back(listed(integer("microbench.collective_nodes", 2, 2, 16777216,
                             "Set sizes n of the collective measurements; [] = 2, 4, 16, 64, ... up to "
                             "platform.nodes, and platform.nodes itself.",
                             "scenario choice"),
                     nlohmann::json::array()));
  c.push_back(choice_list("microbench.collective_impls", {"qsnet_hw", "software_tree"},
                          {"qsnet_hw", "software_tree"},
                          "Core-primitive implementations measured side by side (software_tree with "
                          "bcs.core.software_tree.*).",
                          "scenario choice"));
  c.push_back(quantity("microbench.broadcast_size", Quantity::size, "1MiB", 0, 1e10,
                       "Bytes of the broadcast-bandwidth measurement.", "scenario choice"));
  c.push_back(choice_list("microbench.broadcast_memories", {"elan", "main"}, {"elan", "main"},
                          "Memory the broadcast reads at the source and writes at the destinations.",
                          "002 §2.4.2.1 measures both"));
  declare_mpi(c);
  declare_apps(c);
  declare_noise(c);
  declare_mds(c);
  return c;
}

} // namespace

const std::vector<ParamSpec>& catalog()
{
  static const std::vector<ParamSpec> c = declare();
  return c;
}

} // namespace bcssim::sim
