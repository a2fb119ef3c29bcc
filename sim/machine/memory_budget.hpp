#pragma once
// Memory a machine needs, checked before it is built: a run that cannot fit fails at once with exit 1 and a
// message naming the sizes, instead of aborting inside SimGrid when an actor stack's calloc() fails (SIGABRT,
// exit 134, a temporary folder left behind). The need is a lower bound (so that nothing that fits is refused):
// measured on ASCI Q machines, a node takes 95-400 KiB resident and 5-19 actors, each reserving a 256 KiB stack
// (sim/actor_stacks.hpp); the bound counts 64 KiB and 4 actors per node, plus one actor per rank of an
// application. What is available: the address-space limit (ulimit -v) for what is reserved; the cgroup's
// memory.max and the host's MemAvailable + SwapFree for what is resident.
#include "sim/config/scenario.hpp"

#include <cstdint>
#include <string>

namespace bcssim::sim {

struct MemoryNeed {
  std::uint64_t actors = 0;
  std::uint64_t address_space = 0; // bytes reserved, at least
  std::uint64_t resident = 0;      // bytes resident, at least
};

/// `ranks`: the MPI ranks the run creates at once (its kind says: Kind::ranks), each an actor with its stack.
MemoryNeed memory_need(const Scenario& scenario, std::uint64_t ranks);

/// Throws std::runtime_error (exit 1) naming the machine, the need and the limit when the need cannot fit.
void check_memory(const Scenario& scenario, std::uint64_t ranks);

/// Bytes this process may still allocate: the least of what the address-space limit (ulimit -v), the cgroup's
/// memory.max and the host's MemAvailable + SwapFree leave.
std::uint64_t memory_left();

/// "1.5 GiB", or "312 MiB" below a GiB
std::string memory_text(std::uint64_t bytes);

} // namespace bcssim::sim
