// Presets: platforms (DESIGN §3; 002 Table 1.1; 000 §6.1) and OS noise (003 §5.3.2). Each value replaces a catalogue default; the source is
// given beside it. Values not listed keep the ES45-class defaults the modules declare.
#include "sim/config/params.hpp"

namespace bcssim::sim {

const std::vector<Preset>& presets()
{
  static const std::vector<Preset> p = {
      {"platform.preset",
       "crescendo",
       "32 nodes x 2 Pentium-III 1 GHz, 64-bit/66 MHz PCI, one Elan3, 128-port switch (32 ports used)",
       {
           {"platform.nodes", 32, "002 Table 1.1"},
           {"platform.pes_per_node", 2, "002 Table 1.1"},
           {"platform.pe_speed", "1GHz", "002 Table 1.1"},
           {"platform.pe.cache", "256KiB",
            "the Pentium III Coppermine's on-die L2 (AnandTech, 'Intel Pentium III E': 'a full 256KB of on-die L2 "
            "cache operating at clock speed')"},
           {"platform.pe.memory_bandwidth", "466MB/s",
            "lmbench 2.0 'Mem read' of a 1 GHz P6-class i686 (L1 3 cycles, L2 7: a Pentium III) on Linux 2.4.18, "
            "1-way (Cliff White, OSDL, LKML 25 Feb 2003, <200302251711.h1PHBct16624@mail.osdl.org>, host "
            "stp1-003); its lat_ctx 8p/64K of 134.3 us agrees: 64 KB refilled at 466-490 MB/s"},
           {"platform.pe.kernel_switch", "0.59us",
            "lmbench 2.0 lat_ctx 2p/0K of the same 1 GHz Pentium III-class host on Linux 2.4.18, 1-way: 0.590 us "
            "(same LKML post; the 2-way host's 2.68 us bounces the two processes between CPUs, where a gang "
            "switch stays on one PE)"},
           {"platform.memory.size", "1GiB", "002 Table 1.1; 000 §6.1 ('1 GB of ECC RAM' per node)"},
           // PCI: same 64-bit/66 MHz generation as the ES45; no Crescendo measurement, so the ES45 defaults stay.
       }},
      {"platform.preset",
       "wolverine",
       "64 nodes x 4 Alpha EV68 833 MHz, 33 MHz PCI (the thesis's QsNet measurements)",
       {
           {"platform.nodes", 64, "002 Table 1.1"},
           {"platform.pes_per_node", 4, "002 Table 1.1"},
           {"platform.pe_speed", "833MHz", "002 Table 1.1"},
           {"platform.pe.cache", "8MiB",
            "Computerwoche, 22.06.2001, 'Compaq beschleunigt Alpha auf 1 Gigahertz': the 833 MHz EV68 of the ES40 "
            "has 8 MB of DDR L2 cache; an ES40's console lists 'Alpha EV68A ... 833 MHz 8MB Bcache' for each of its "
            "4 CPUs (LKML, 3 May 2001, S. Cabaniols, '[BUG] freeze Alpha ES40 SMP 2.4.4.ac3')"},
           {"platform.memory.size", "2GiB", "002 Table 1.1"},
           {"platform.pe.memory_bandwidth", "1.33GB/s",
            "assumed: the ES45's processor-memory 1.33 GB/s (the catalogue's source); no ES40 figure found"},
           {"platform.pci.read_bandwidth", "200MB/s", "002 §2.4.1.1: main-to-main 200 MB/s, 33 MHz PCI"},
           {"platform.pci.write_bandwidth", "200MB/s", "002 §2.4.1.1: main-to-main 200 MB/s, 33 MHz PCI"},
           {"platform.pci.mixed_bandwidth", "176.6MB/s",
            "assumed: 200 MB/s x ES45's two-way/one-way ratio 256/290 (003 Table 6); not measured"},
           {"platform.tree.cable_length", "1m",
            "assumed: all 64 nodes in one 128-port Elite box (002 Table 1.1), whose inner links are backplane "
            "traces; at most 1.7 m per level lets the ack model give the 312 MB/s NIC-memory broadcast on 64 "
            "nodes (002 §2.4.2.1)"},
       }},
      {"platform.preset",
       "accelerando",
       "32 nodes x 2 Itanium-II 1 GHz, PCI-X 133 MHz",
       {
           {"platform.nodes", 32, "002 Table 1.1"},
           {"platform.pes_per_node", 2, "002 Table 1.1"},
           {"platform.pe_speed", "1GHz", "002 Table 1.1"},
           {"platform.pe.cache", "3MiB",
            "the 1 GHz McKinley's L3 (ia64-linux.org, 'Processors': 'McKinley had 1.5MB or 3MB cache and a speed of "
            "900MHz to 1GHz'; the 1 GHz part carried 3 MB: warp2search, 2001); which one the rx2600s had is not "
            "settled"},
           {"platform.memory.size", "2GiB", "002 Table 1.1"},
           {"platform.pe.memory_bandwidth", "6.4GB/s",
            "the Itanium 2's front-side bus peak (ia64-linux.org: 'quad-pumped 200MHz... 6.4GB/s raw bandwidth'; a "
            "peak, so the refill time is a lower bound)"},
           {"platform.pci.read_bandwidth", "612.8MB/s",
            "assumed: ES45's 290 MiB/s scaled by bus peak 1064/528 MB/s (PCI-X 133 vs PCI 66); not measured"},
           {"platform.pci.write_bandwidth", "644.5MB/s", "assumed: ES45's 305 MiB/s scaled by 1064/528"},
           {"platform.pci.mixed_bandwidth", "541MB/s", "assumed: ES45's 256 MiB/s scaled by 1064/528"},
       }},
      {"platform.preset",
       "asci-q",
       "2048 nodes x 4 Alpha EV68 1.25 GHz (HP ES45, the Lemieux node of 003), 64-bit/66 MHz PCI",
       {
           {"platform.nodes", 2048, "DESIGN §3: 2048 nodes x 4 Alpha EV68 (8192 PEs)"},
           {"platform.pes_per_node", 4, "DESIGN §3"},
           {"platform.pe_speed", "1.25GHz", "ES45 EV68 clock at ASCI Q (003 ref [1])"},
           {"platform.pe.cache", "16MiB",
            "LLNL, 'High Performance Tools & Technologies' (Collette, Corey, Johnson, Dec. 2004, OSTI 15014498), "
            "§3.3 Q: 'four EV68 1.25GHz 16MB cache processors each'"},
           {"platform.memory.size", "8GiB",
            "same report, §3.3: 'All of its nodes have at least 8 GB of memory although one quarter of them have "
            "double or quadruple that' (the common node; 16 or 32 GiB is a what-if)"},
       }},
      // OS noise (models/noise): applied before the scenario's own noise.* values.
      {"noise.preset", "none", "no noise", {}},
      {"noise.preset",
       "daemon",
       "a system daemon taking one 10 ms OS quantum on each node's CPU once per second, at a random phase per node",
       {
           {"noise.cpu.period", "1s", "assumed: once per second"},
           {"noise.cpu.duration", "10ms", "003 §5.3.2: a daemon scheduled for one 10 ms OS quantum"},
       }},
  };
  return p;
}

} // namespace bcssim::sim
