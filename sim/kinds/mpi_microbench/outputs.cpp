// The files of kind "mpi_microbench" and their columns (docs/outputs.md).
#include "sim/kinds/mpi_microbench/kind.hpp"

namespace bcssim::sim {

std::vector<OutputFile> mpi_microbench_outputs()
{
  return {
      {"runs.csv",
       "One row per benchmark point.",
       {{"test", "", "pingpong, bandwidth, bidirectional, posted_receives, head_to_head, barrier, bcast, allreduce"},
        {"processes", "count", "MPI processes"},
        {"size_B", "B", "message size"},
        {"posted_receives", "count", "receives posted at each rank"},
        {"iterations", "count", "timed iterations"},
        {"time_ns", "ns", "simulated time of the timed loop"},
        {"latency_us", "us", "per iteration (ping-pong: half a round trip)"},
        {"bandwidth_MBps", "MB/s", "bytes moved / time"}}},
      {"mpi_sizes.csv",
       "Ping-pong and bandwidth vs size.",
       {{"size_B", "B", "message size"},
        {"pingpong_latency_us", "us", "half round trip"},
        {"bandwidth_MBps", "MB/s", "one way, a window of messages"},
        {"bidirectional_each_way_MBps", "MB/s", "each way of a bidirectional exchange"}}},
      {"mpi_posted.csv",
       "Ping-pong latency vs receives posted (003 Table 2).",
       {{"posted_receives", "count", "receives posted at each rank"},
        {"latency_<size>_us", "us", "half round trip of a message of that size"}}},
      {"mpi_collectives.csv",
       "Collectives vs processes.",
       {{"processes", "count", "MPI processes"},
        {"barrier_us", "us", "per call"},
        {"bcast_us", "us", "per call"},
        {"allreduce_us", "us", "per call"}}},
      {"mpi.*", "The plot (gnuplot script and its images).", {}},
  };
}

} // namespace bcssim::sim
