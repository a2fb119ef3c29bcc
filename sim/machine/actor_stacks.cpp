#include "sim/machine/actor_stacks.hpp"

#include "sim/machine/machine_params.hpp"

#include <fmt/format.h>
#include <malloc.h>

namespace bcssim::sim {

std::size_t actors_upper_bound(const Scenario& sc)
{
  const MachineSize size = machine_size(sc);
  const std::size_t nodes = size.nodes;
  const std::size_t pes = size.pes_per_node;
  return nodes * (16 + pes) + 64; // NIC threads, DMA and pool actors per node; one per PE for the ranks
}

std::vector<std::string> actor_stack_config(const Scenario& sc)
{
  // Calloc'd stacks of at least the threshold are each a fresh mmap (untouched zero pages, not resident); below
  // it they would come from the heap, zeroed page by page. Setting the threshold also stops glibc's dynamic
  // threshold from rising to a freed stack's size; the mmap count is not capped (the default cap of 65,536 would
  // send the stacks of a big machine to the heap).
  mallopt(M_MMAP_THRESHOLD, kActorStackKiB * 1024);
  mallopt(M_MMAP_MAX, 1 << 30);
  const bool guard = actors_upper_bound(sc) <= 8192; // 2 mappings per actor with a guard
  // contexts/guard-size counts pages (SimGrid's sg_config.cpp multiplies it by the page size): one page. (It was
  // 4096, meant as bytes: 16 MiB of address space under every stack, 137 MB per node of a BCS machine.)
  return {fmt::format("--cfg=contexts/stack-size:{}", kActorStackKiB),
          fmt::format("--cfg=contexts/guard-size:{}", guard ? 1 : 0)};
}

} // namespace bcssim::sim
