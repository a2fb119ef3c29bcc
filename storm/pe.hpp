#pragma once
// A processing element time-shared by several processes (thesis ch. 4 §4.2.1, ch. 6 §6.2): the Node Manager
// decides which process holds it; only that one computes. A process that does not hold the PE keeps its work
// where it stopped (STORM deschedules with SIGSTOP and resumes with SIGCONT), while its communication goes on
// in the NIC. A switch takes `switch_cost` of the PE's time, during which no process computes. Then the incoming
// process, at its next computation, refills what of its cache working set the processes that ran on the PE since
// it last did pushed out: min(its working set, the cache, the bytes they loaded), at the memory bandwidth, as
// work of its own (a process's first computation here refills nothing: its compulsory misses are part of its
// measured compute time) (issue 46; docs/model.md, the PE's cache). With the node's memory oversubscribed, it
// first pages others out and what it lost back in through the node's swap disk (storm/node_memory.hpp), holding
// the PE idle meanwhile.
//
// Every CPU use of a process goes through execute(), so that a descheduled process neither computes nor runs
// library code. Who runs is decided by explicit keys (job, rank) passed in by the Node Manager, never by the
// order in which SimGrid runs actors.
#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Io.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include "storm/pe_params.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace bcssim::storm {

class NodeMemory;

/// A process as the resource manager names it.
struct ProcessKey {
  int job = 0;
  int rank = 0;
  friend bool operator<(const ProcessKey& a, const ProcessKey& b)
  {
    return std::tie(a.job, a.rank) < std::tie(b.job, b.rank);
  }
  friend bool operator==(const ProcessKey& a, const ProcessKey& b) { return a.job == b.job && a.rank == b.rank; }
  friend bool operator!=(const ProcessKey& a, const ProcessKey& b) { return !(a == b); }
};

class Pe {
public:
  /// `cpu`: the node's CPU host (one core per PE); `switch_cost`: s of PE time per context switch; `cache`: its
  /// cache and refill bandwidth (bytes 0: no refill); `memory`: the node's memory, shared with its other PEs (null:
  /// never paged).
  Pe(simgrid::s4u::Host* cpu, unsigned node, unsigned index, double switch_cost, CacheSpec cache = {},
     NodeMemory* memory = nullptr);

  unsigned node() const { return node_; }
  unsigned index() const { return index_; }

  /// A process is placed on this PE, with the bytes of cache working set it reuses and of memory it keeps
  /// resident; it does not run until switched in.
  void attach(ProcessKey p, double working_set = 0, double footprint = 0);
  /// It has exited (its work is done); if it held the PE, the PE is idle until the next switch.
  void detach(ProcessKey p);
  /// On p's actor: runs `flops` of p's work, progressing only while p holds the PE. Returns when done.
  void execute(ProcessKey p, double flops);
  /// On p's actor: returns once p holds the PE (at once if it does).
  void await(ProcessKey p);
  /// The Node Manager gives the PE to `next` (nullopt: nobody). The running process's work stops at once; the
  /// calling actor then spends switch_cost (the PE runs nobody meanwhile) and next's work resumes. Giving the PE
  /// to the process that holds it costs nothing.
  void switch_to(std::optional<ProcessKey> next);

  std::optional<ProcessKey> running() const { return running_; }
  /// s the process computed on this PE so far (work done, excluding switches and time descheduled).
  double cpu_time(ProcessKey p) const;
  /// Who held the PE when: one entry per holding, from the end of the switch that gave it to the process until
  /// the switch (or its exit) that took it away (to = -1: still held).
  struct Holding {
    ProcessKey who;
    double from = 0;
    double to = -1;
  };
  const std::vector<Holding>& history() const { return history_; }
  /// s of work done by every process placed here so far (including one progressing now). Paging is not work (the
  /// PE waits for the disk): a thrashing node, whose processes only page, makes no progress.
  double work_done() const;
  /// Context switches paid so far.
  std::uint64_t switches() const { return switches_; }
  /// Bytes refilled into this PE's cache after switches so far, and the refills that moved any.
  double refilled_bytes() const { return refilled_bytes_; }
  std::uint64_t refills() const { return refills_; }
  /// Bytes paged (in and out) by processes switched in on this PE so far, and the switch-ins that paged.
  double paged_bytes() const { return paged_bytes_; }
  std::uint64_t pagings() const { return pagings_; }

private:
  // SimGrid 3.32's Activity::resume() leaves the activity marked suspended, so a second suspend() of the same
  // Exec is ignored (later versions reset the mark). A descheduled process's work is therefore cancelled, its
  // remaining flops kept, and a fresh Exec started for them when it holds the PE again.
  struct Slot {
    simgrid::s4u::ExecPtr exec; // its work progressing now (null: none)
    double remaining = 0;       // flops of its current execute() still to do
    double started_at = 0;      // when `exec` started
    double cpu_time = 0;
    double working_set = 0;  // B of cache working set it reuses
    bool refill_due = false; // switched in since its last computation here
    bool ran_here = false;   // its working set has been in this PE's cache
    double mark = 0;         // loaded_ when its working set was last loaded
    simgrid::s4u::IoPtr io;  // its paging in progress (null: none)
    double page_out = 0;     // B still to page out of others (first), then
    double page_in = 0;      // B of its own still to page back in
    double out_owed = 0;     // B of page-out cut short by a switch: paid at its next switch-in
  };
  /// p, holding the PE, pages what is left of its paging, out first: true when done, false when a switch cut it
  /// short (then the page-in not done is not resident and is done again, the page-out not done is owed: at the
  /// next switch-in).
  bool page(ProcessKey p, Slot& s);
  /// The bytes `s` refills now (switched in, about to compute), and the cache's accounting of them.
  double refill(Slot& s);
  Slot& slot(ProcessKey p);
  bool holds(ProcessKey p) const { return running_ == p && !switching_; }
  void stop(ProcessKey p); // its work stops progressing (on the Node Manager's actor)

  simgrid::s4u::Host* cpu_;
  unsigned node_;
  unsigned index_;
  double switch_cost_;
  CacheSpec cache_;
  NodeMemory* memory_;
  double paged_bytes_ = 0;
  std::uint64_t pagings_ = 0;
  double loaded_ = 0; // B loaded into the cache so far by refills and first fills (what pushes the others out)
  double refilled_bytes_ = 0;
  std::uint64_t refills_ = 0;
  std::map<ProcessKey, Slot> slots_;
  simgrid::s4u::MutexPtr mutex_ = simgrid::s4u::Mutex::create();
  simgrid::s4u::ConditionVariablePtr turn_ = simgrid::s4u::ConditionVariable::create(); // a switch completed
  std::optional<ProcessKey> running_;
  bool switching_ = false;
  std::uint64_t switches_ = 0;
  double retired_ = 0; // cpu time of processes detached
  std::vector<Holding> history_;
};

} // namespace bcssim::storm
