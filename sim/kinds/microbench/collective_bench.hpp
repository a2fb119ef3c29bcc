#pragma once
// Microbenchmarks of the BCS core primitives on the first n nodes: barrier latency, broadcast bandwidth seen at
// the source, and global-compare / Compare-And-Write latency, for each implementation (qsnet_hw,
// software_tree) and each n (002 §2.4.2, Fig. 2.6; 000 Table 2.1). Rows go to the same Measurement list as the
// substrate benchmarks: test = barrier | broadcast | compare | compare_and_write, path = implementation
// (":elan" / ":main" for broadcasts), src = 0, dst = n - 1.
#include "bcs/core/primitives.hpp"
#include "models/elan3/host_interface.hpp"
#include "sim/kinds/microbench/microbench.hpp"

#include <vector>

namespace bcssim::sim {

struct CollectiveBenchSpec {
  std::vector<unsigned> nodes; // set sizes, each in [2, platform nodes]
  std::vector<bcs::core::CorePrimitives*> impls;
  std::uint64_t broadcast_bytes;
  std::vector<elan3::Memory> broadcast_memories;
};

/// Creates the benchmark actor; the caller runs the engine. `out` is filled by the time the engine returns.
/// `after` (may be null) is joined first, so the measurements do not overlap earlier traffic.
void start_collective_bench(bcs::core::Machine& machine, const elan3::HostInterface& host,
                            const CollectiveBenchSpec& spec, std::vector<Measurement>& out,
                            simgrid::s4u::ActorPtr after);

} // namespace bcssim::sim
