#pragma once
// A node's physical memory shared by the processes placed on it (issue 46 part 2). Each process has a resident
// footprint (job.footprint) that it touches whenever it runs. While the footprints fit, nothing moves. When they do
// not, a process that is switched in and has lost pages since it last ran pages them back in, and whatever it needs
// beyond the free memory is paged out of the others, least recently released first (the ones holding a PE of the
// node last); both through the node's swap disk, which the node's PEs share, before the process computes again. A
// process's first run pays only what it pushes out: its own first touch is part of its measured compute time. This
// is global LRU at the granularity of whole processes, the worst case for a periodic (BSP) code whose footprint is
// all touched every quantum (docs/model.md, "Memory and paging").
#include "storm/pe.hpp"

#include <simgrid/forward.h>

#include <cstdint>
#include <map>

namespace bcssim::storm {

class NodeMemory {
public:
  /// `spec.bytes` 0: unbounded (nothing is ever paged). Throws std::invalid_argument on a bounded memory with no
  /// positive swap bandwidth. A bounded memory on `host` gets the node's swap disk there (reads and writes share
  /// spec.swap_bandwidth); without a host only the accounting is kept (tests of the accounting alone).
  explicit NodeMemory(MemorySpec spec, simgrid::s4u::Host* host = nullptr);
  /// The node's swap disk (null: unbounded memory, or no host).
  simgrid::s4u::Disk* swap() const { return swap_; }

  /// A process is placed on the node with `footprint` bytes; it occupies nothing until it first runs. Throws
  /// std::invalid_argument if the footprint alone exceeds the memory.
  void attach(ProcessKey p, double footprint);
  /// It has exited: its pages are freed.
  void detach(ProcessKey p);
  struct Paging {
    double in = 0;  // B it had lost and pages back in
    double out = 0; // B paged out of the others to make room (moved first)
  };
  /// It holds a PE and is about to compute: its whole footprint is taken as resident, and the paging that makes
  /// it so is returned (unload() gives back what it was descheduled before reading in).
  Paging touch(ProcessKey p);
  /// `bytes` of p's page-in were not done (descheduled first): they are not resident.
  void unload(ProcessKey p, double bytes);
  /// It holds a PE from now on: its pages are paged out only after every other's.
  void hold(ProcessKey p);
  /// It no longer holds a PE: its pages may be paged out, after those of processes released before it. Releasing a
  /// process that holds nothing does nothing (the Node Manager releases a switch's outgoing processes of all PEs
  /// before any incoming one runs; the PE's own release then finds nothing to do).
  void release(ProcessKey p);

  double resident(ProcessKey p) const;
  double paged_in() const { return paged_in_; }
  double paged_out() const { return paged_out_; }

private:
  struct Process {
    double footprint = 0;
    double resident = 0;
    bool ran = false;           // it has been resident once (later page-ins are swap traffic)
    bool holding = false;       // it holds a PE now
    std::uint64_t last_use = 0; // when it last gave a PE up (a counter: an explicit key, never SimGrid's order)
  };
  /// Pages `bytes` out of the others than `p`, those not holding a PE before those that do, least recently used
  /// (released) first, then by key. Returns the bytes paged out.
  double evict(ProcessKey p, double bytes);

  MemorySpec spec_;
  simgrid::s4u::Disk* swap_ = nullptr;
  std::map<ProcessKey, Process> processes_;
  double used_ = 0;
  std::uint64_t clock_ = 0;
  double paged_in_ = 0;
  double paged_out_ = 0;
};

} // namespace bcssim::storm
