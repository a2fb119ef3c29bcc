#pragma once
// STORM's Node Manager as a local scheduler (thesis ch. 4 §4.2.1, ch. 6 §6.2): it owns the node's PEs and knows
// every process placed on them. The Machine Manager's global context switches name a slot; the processes report
// when they begin and end a blocking wait; the NM's actor carries out what its Policy decides: who holds each
// PE, and when a spinning process gives its PE up. Decisions use explicit keys only (job, rank), never the order
// in which SimGrid runs actors.
#include "base/timed_semaphore.hpp"
#include "storm/local_process.hpp"
#include "storm/node_memory.hpp"
#include "storm/pe.hpp"
#include "storm/policy.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::storm {

class NodeManager {
public:
  /// `cpu`: the node's CPU host (one core per PE); `switch_cost`: s of a PE's time per context switch; `cache`:
  /// each PE's cache and refill bandwidth (storm/pe.hpp); `memory`: the node's memory (storm/node_memory.hpp).
  NodeManager(simgrid::s4u::Host* cpu, unsigned node, unsigned pes, const Policy& policy, double switch_cost,
              CacheSpec cache = {}, MemorySpec memory = {});

  /// Creates its actor (a daemon on the node's CPU).
  void start();
  /// A process is placed on local PE `pe`, in slot `row`, with the bytes of cache working set it reuses and of
  /// memory it keeps resident; it does not run until the NM gives it the PE.
  void place(ProcessKey p, unsigned pe, unsigned row, int priority, double working_set = 0, double footprint = 0);
  /// The process has exited; its PE goes to another.
  void exit(ProcessKey p);
  /// The Machine Manager's global context switch to slot `row` landed here.
  void global_switch(unsigned row);

  // On the process's actor.
  /// Runs `flops` of its work on its PE, progressing only while it holds the PE.
  void execute(ProcessKey p, double flops);
  /// It waits in a blocking call until `block` returns (spinning, then blocked, as the policy says); returns
  /// when it holds its PE again. With `block_until` (the same wait, given up at a date; returns whether it ended)
  /// the process watches its own spin deadline and the NM is woken only if it blocks.
  void wait(ProcessKey p, const std::function<void()>& block, const std::function<bool(double)>& block_until = {});

  Pe& pe(unsigned index) { return *pes_.at(index); }
  unsigned pes() const { return unsigned(pes_.size()); }
  /// FCS: each process's class from each time it changed (s), by key then time.
  struct ClassChange {
    ProcessKey who;
    double at = 0;
    FcsClass cls = FcsClass::cs;
  };
  const std::vector<ClassChange>& classes() const { return classes_; }

private:
  void run();
  void notify();                  // something changed: the NM's actor decides again
  void hold_for_memory();         // the node's memory told who holds the PEs after this decision, before any switch
  PeView view(unsigned pe) const; // what the policy sees of the PE
  void decide(unsigned pe);
  LocalProcess& process(ProcessKey p);
  /// Adds to its stats the CPU time and the wait since they were last brought up to date.
  void bring_up_to_date(LocalProcess& lp);
  /// When the next spinning process's spin time runs out, or a holder's OS time slice (infinity: neither).
  double next_deadline() const;
  /// The node OS's accounting (policies with an os_slice): charges the holder of `pe` its time since the last
  /// charge, and starts a new epoch when no process that wants the PE has any slice left.
  void account(unsigned pe);
  void record_classes();

  simgrid::s4u::Host* cpu_;
  unsigned node_;
  const Policy& policy_;
  NodeMemory memory_; // before pes_: they point to it
  std::vector<std::unique_ptr<Pe>> pes_;
  std::map<ProcessKey, LocalProcess> processes_; // by key
  std::optional<unsigned> slot_;                 // the row the last global context switch named (none before the first)
  std::vector<std::optional<ProcessKey>> woken_; // by PE: the lowest-keyed process woken since its last decision
  std::vector<double> charged_at_;               // by PE: its holder's counter is charged up to here (s)
  bool pending_ = false;                         // notified since its actor last looked
  base::TimedSemaphore wake_;
  std::vector<ClassChange> classes_;
};

} // namespace bcssim::storm
