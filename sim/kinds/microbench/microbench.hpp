#pragma once
// Microbenchmarks of the raw substrate (Elan3lib-level RDMA puts, no MPI): one-way latency and bandwidth vs
// size between a pair of nodes for each source/destination memory, both directions at once, and worst-case
// bandwidth vs fat-tree size (node 0 to node k^h - 1, whose route climbs to level h; 003 Table 7).
#include "models/elan3/dma.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::sim {

struct MemoryPath {
  elan3::Memory src;
  elan3::Memory dst;
  std::string name; // "elan-main", ...
};

struct MicrobenchSpec {
  unsigned src;
  unsigned dst;
  std::vector<std::uint64_t> sizes;
  std::vector<MemoryPath> paths;
  std::uint64_t bandwidth_size;
  bool bidirectional;
  bool distance;
  MemoryPath distance_path;
};

struct Measurement {
  std::string test; // "oneway", "bidirectional", "distance"
  std::string path;
  unsigned src;
  unsigned dst;
  unsigned switches;
  double cable_m;
  std::uint64_t bytes;
  std::int64_t time_ns; // from the post to the data at the destination
  double bandwidth() const { return time_ns > 0 ? double(bytes) / (double(time_ns) * 1e-9) : 0.0; } // B/s
};

MemoryPath parse_memory_path(const std::string& name);

/// Creates the benchmark actors; the caller runs the engine. `out` is filled by the time the engine returns.
simgrid::s4u::ActorPtr start_microbench(const qsnet::Platform& platform, elan3::DmaEngine& dma,
                                        const MicrobenchSpec& spec, std::vector<Measurement>& out);

} // namespace bcssim::sim
