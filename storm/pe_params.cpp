#include "storm/pe_params.hpp"

#include <limits>

namespace bcssim::storm {

const base::ParamGroup<CacheSpec>& cache_params()
{
  using base::Quantity;
  static const base::ParamGroup<CacheSpec> g = [] {
    constexpr double kUnbounded = std::numeric_limits<double>::max();
    base::ParamGroup<CacheSpec> g("platform.pe");
    g.quantity("cache", &CacheSpec::bytes, Quantity::size, "16MiB", 0, kUnbounded,
               "The largest cache a PE has to itself: after a context switch the incoming process refills what of "
               "its working set (job.working_set) the processes run on the PE since it last ran pushed out of it, "
               "at most this (docs/model.md, the PE's cache). 0: no refill.",
               "the ES45's EV68 board-level cache: 'four EV68 1.25GHz 16MB cache processors' per ASCI Q node (LLNL, "
               "'High Performance Tools & Technologies', Dec. 2004, OSTI 15014498, §3.3); presets give the others'")
        .inert_until_others_change(); // while job.working_set is 0, as before it existed
    g.quantity("memory_bandwidth", &CacheSpec::bandwidth, Quantity::bandwidth, "1.33GB/s", 1, kUnbounded,
               "Rate at which a PE refills its cache from main memory after a context switch.",
               "netlib, 'Compaq AlphaServer SC' (advanced-computers survey): the ES45's processor-memory bandwidth "
               "1.33 GB/s per processor (a peak: the refill time is a lower bound)")
        .inert_until_others_change();
    return g;
  }();
  return g;
}

const base::ParamGroup<KernelSwitchSpec>& kernel_switch_params()
{
  static const base::ParamGroup<KernelSwitchSpec> g = [] {
    base::ParamGroup<KernelSwitchSpec> g("platform.pe");
    g.quantity("kernel_switch", &KernelSwitchSpec::seconds, base::Quantity::time, "0s", 0, 1,
               "The OS kernel's direct cost of switching a PE from one process to another, with nothing to refill "
               "(lmbench's lat_ctx 2p/0K): PE time at every switch of a time-shared PE, before "
               "scheduler.context_switch (STORM's Node Manager's own work) and any refill (platform.pe.cache). "
               "0: free.",
               "none for the ES45-class default (no lmbench figure of an Alpha EV68 found); presets give theirs");
    return g;
  }();
  return g;
}

const base::ParamGroup<MemorySpec>& memory_params()
{
  using base::Quantity;
  static const base::ParamGroup<MemorySpec> g = [] {
    constexpr double kMost = 1e15; // 1 PB, 1 PB/s: a bound a reader can see in the error
    base::ParamGroup<MemorySpec> g("platform.memory");
    g.quantity("size", &MemorySpec::bytes, Quantity::size, "0B", 0, kMost,
               "Physical memory of a node for its processes: when the footprints (job.footprint) of the processes "
               "sharing a node exceed it, a process switched in pages back what it lost and pages others out "
               "(docs/model.md, memory and paging); a job one of whose nodes cannot hold its own processes is "
               "refused. 0: unbounded.",
               "presets: 002 Table 1.1 (Crescendo 1 GB, Accelerando 2 GB, Wolverine 2 GB); ASCI Q 8 GB (LLNL, Dec. "
               "2004, OSTI 15014498, §3.3); the ES45-class default unbounded (no single size: Q's nodes had 8-32 GB)")
        .inert_until_others_change(); // while job.footprint is 0, as before it existed
    g.quantity("swap_bandwidth", &MemorySpec::swap_bandwidth, Quantity::bandwidth, "20MB/s", 1, kMost,
               "Rate at which a node pages between memory and its swap disk (pages in and out both count).",
               "assumed: no measurement of Linux 2.4 paging on these nodes was found; the order of a 2002 SCSI "
               "disk's sequential rate, so an optimistic bound for paging (docs/whatif.md sweeps it)")
        .inert_until_others_change();
    return g;
  }();
  return g;
}

const base::ParamGroup<FootprintSpec>& footprint_params()
{
  static const base::ParamGroup<FootprintSpec> g = [] {
    base::ParamGroup<FootprintSpec> g("job");
    g.quantity("footprint", &FootprintSpec::bytes, base::Quantity::size, "0B", 0, 1e15,
               "Bytes of memory each process of the job keeps resident and touches whenever it runs "
               "(see platform.memory.size). 0: none, as 002 §1.4 gives for the synthetic "
               "application; §6.3.3 gives SAGE 520 MB per process at 500,000 cells and SWEEP3D 277 MB "
               "at about 40,000 cells, which no per-cell rule carries to other decks (docs/model.md).",
               "002 §1.4; 002 §6.3.3 (set per job in a workload)");
    return g;
  }();
  return g;
}

const base::ParamGroup<WorkingSetSpec>& working_set_params()
{
  static const base::ParamGroup<WorkingSetSpec> g = [] {
    base::ParamGroup<WorkingSetSpec> g("job");
    g.quantity("working_set", &WorkingSetSpec::bytes, base::Quantity::size, "0B", 0, 1e15,
               "Bytes of cache working set a process of the job reuses from one computation to the "
               "next, so that it refills them after a context switch pushed them out (at most "
               "platform.pe.cache). 0: nothing to refill, as the sources give for the synthetic "
               "application and SWEEP3D; no source gives SAGE's or a traced program's (a what-if).",
               "002 §1.4 (the synthetic application 'exerts almost no cache or memory pressure'); "
               "thesis ch. 4 §4.3.3.3 note 7 (SWEEP3D's poor memory locality: time sharing 'does not "
               "pollute their working sets')");
    return g;
  }();
  return g;
}

} // namespace bcssim::storm
