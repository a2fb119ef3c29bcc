#pragma once
// What a context switch costs a PE beyond the switch itself (issue 46 parts 1 and 2): the incoming process refills the
// part of its cache working set that the processes run since it last ran pushed out, at the node's memory
// bandwidth. The platform's cache and bandwidth per PE (scenario section "platform.pe", preset values with their
// sources in sim/catalogue/presets.cpp) and each job's working set ("job.working_set").
#include "base/params.hpp"

namespace bcssim::storm {

struct CacheSpec {
  double bytes = 0;     // B: the largest cache a PE has to itself (0: no refill is modelled)
  double bandwidth = 0; // B/s: the rate at which a PE refills it from main memory
};

const base::ParamGroup<CacheSpec>& cache_params();

/// The OS kernel's own cost of switching a PE from one process to another (scenario section "platform.pe"): paid at
/// every switch, with STORM's Node Manager's share (scheduler.context_switch) and before any refill.
struct KernelSwitchSpec {
  double seconds = 0; // s of the PE per switch
};

const base::ParamGroup<KernelSwitchSpec>& kernel_switch_params();

/// A node's physical memory and the rate at which it pages (issue 46 part 2; storm/node_memory.hpp): scenario
/// section "platform.memory".
struct MemorySpec {
  double bytes = 0;          // B of memory for the processes of a node (0: unbounded, nothing is ever paged)
  double swap_bandwidth = 0; // B/s at which pages move between memory and swap
};

const base::ParamGroup<MemorySpec>& memory_params();

/// job.working_set: the bytes of its cache working set a process of the job reuses across its computations.
struct WorkingSetSpec {
  double bytes = 0;
};
const base::ParamGroup<WorkingSetSpec>& working_set_params();

/// job.footprint: the bytes of memory each process of the job keeps resident and touches whenever it runs.
struct FootprintSpec {
  double bytes = 0;
};
const base::ParamGroup<FootprintSpec>& footprint_params();

} // namespace bcssim::storm
