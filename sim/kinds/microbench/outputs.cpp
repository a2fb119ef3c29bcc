// The files of kind "microbench" and their columns (docs/outputs.md).
#include "sim/kinds/microbench/kind.hpp"

namespace bcssim::sim {

std::vector<OutputFile> microbench_outputs()
{
  return {
      {"runs.csv",
       "One row per measurement.",
       {{"test", "", "oneway, bidirectional, distance, barrier, broadcast, compare, compare_and_write"},
        {"path", "", "the memories (elan-elan, elan-main, main-main) or, for a core primitive, its implementation"},
        {"src", "count", "source node"},
        {"dst", "count", "destination node (collectives: nodes 0..dst)"},
        {"switches", "count", "switches on the route"},
        {"cable_m", "m", "cable length on the route"},
        {"size_B", "B", "message size"},
        {"time_ns", "ns", "simulated time of the measurement"},
        {"bandwidth_MBps", "MB/s", "size / time"}}},
      {"microbench_sizes.csv",
       "Latency and bandwidth vs size per pair of memories (microbench.png).",
       {{"size_B", "B", "message size"},
        {"latency_us_<path>", "us", "one-way latency"},
        {"bandwidth_MBps_<path>", "MB/s", "bandwidth"}}},
      {"microbench_distance.csv",
       "Worst-case bandwidth vs fat-tree size next to the thesis's ack-limited model.",
       {{"tree_nodes", "count", "nodes of the tree"},
        {"switches", "count", "switches on the route"},
        {"cable_m", "m", "cable length"},
        {"simulated_MBps", "MB/s", "simulated bandwidth"},
        {"thesis_model_MBps", "MB/s", "the thesis's model"}}},
      {"collectives.csv",
       "The core primitives vs nodes per implementation (collectives.png).",
       {{"nodes", "count", "nodes taking part"},
        {"barrier_us_<impl>", "us", "barrier latency"},
        {"broadcast_MBps_<impl>:<memory>", "MB/s", "broadcast bandwidth at the source, from elan or main memory"},
        {"compare_us_<impl>", "us", "global query (network conditional) latency"},
        {"compare_and_write_us_<impl>", "us", "Compare-And-Write latency"}}},
      {"microbench.*, collectives.*",
       "The plots (gnuplot scripts and their images). Latency is on a log axis, or a linear one from 0 when a single "
       "size was measured; a panel whose every value is 0 (a broadcast of 0 B) says so in its title.",
       {}},
  };
}

} // namespace bcssim::sim
