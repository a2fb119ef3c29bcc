#pragma once
// The loads under which §4.3.1.2 launches (002 §4.3.1.2, Figs. 4.5-4.7), on every PE of the job's nodes until the
// launch is done: a spin loop (CPU load) or a pairwise ping-pong of long messages (network load).
#include "storm/launch/file_helper.hpp"
#include "storm/launch/launch_spec.hpp"

#include "models/elan3/dma.hpp"
#include "models/qsnet/platform.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <cstdint>
#include <vector>

namespace bcssim::storm::launch {

class BackgroundLoad {
public:
  /// On nodes 0 .. nodes-1 with `pes` PEs each; `seed` sets each node's OS time-slice phase (cpu load).
  BackgroundLoad(const qsnet::Platform& platform, elan3::DmaEngine& dma, const LaunchSpec& spec, unsigned nodes,
                 unsigned pes, std::uint64_t seed);

  /// Starts the load's processes and tells the file helpers (indexed by node) what they compete with.
  void start(const std::vector<FileHelper*>& helpers);
  /// Ends them (the launch is done).
  void stop();

private:
  void spin(unsigned node);
  void ping_pong(unsigned node, unsigned partner);

  const qsnet::Platform& platform_;
  elan3::DmaEngine& dma_;
  LaunchSpec spec_;
  unsigned nodes_, pes_;
  std::uint64_t seed_;
  std::vector<simgrid::s4u::ActorPtr> actors_;
};

} // namespace bcssim::storm::launch
