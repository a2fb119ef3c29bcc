#pragma once
#include "models/elan3/thread_steps.hpp"
// NM, the Node Manager of one node (000 §4.1, 001 Figure 1, 002 §3.5): the processes it suspended, which its
// policy restarts at slice boundaries, and the report of a job's termination on the node of its rank 0.
#include "bcs/runtime/node_policy.hpp"
#include "bcs/runtime/state.hpp"

#include <vector>

namespace bcssim::bcs::runtime {

struct Context;
class MachineManager;

class NodeManager {
public:
  NodeManager(Context& ctx, unsigned node, MachineManager& mm, const NodePolicy& policy)
      : ctx_(ctx), node_(node), mm_(mm), policy_(policy)
  {
  }

  /// A process blocks in a call; restarted at a slice boundary once `s.ready()` holds.
  void suspend(Suspended s)
  {
    suspended_.push_back(std::move(s));
    none_ready_ = false;
  }
  std::size_t blocked() const { return suspended_.size(); }
  /// Some suspended process's call has completed: the next slice strobe restarts it.
  bool restart_due() const;
  /// A job mastered here has seen all its local processes exit: the next slice strobe asks the others.
  bool termination_due() const;
  /// At the slice strobe (run by the Strobe Receiver): restarts what the policy picks, then reports the jobs
  /// whose processes have all exited.
  void at_slice_strobe();
  /// at_slice_strobe can be computed (the next overload): no job's termination is to be asked (a Compare-And-Write)
  /// and the restart's notification is one packet (a wait of its unloaded time).
  bool strobe_computable() const;
  /// at_slice_strobe without an actor (computed_sr.hpp), when strobe_computable(): the restart's notification a
  /// timer, "bcs.nm.restart" emitted as `steps`' thread; `then` after.
  void at_slice_strobe(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then);
  /// An operation of a process of this node has completed (or a message arrived that a probe may see). Under
  /// RestartRule::on_completion the processes it made ready restart now, from a NIC task; else nothing.
  void operation_completed();

private:
  /// One word across PCI tells the host which processes to restart.
  static constexpr double kRestartBytes = 8.0;
  /// Takes out of the suspended processes those the policy restarts at this strobe.
  std::vector<Suspended> take_restarts();
  /// After the restart's notification: wakes each of `restart`.
  void restarted(const std::vector<Suspended>& restart);
  /// For each suspended process (in suspension order), whether the policy restarts it at this strobe.
  std::vector<bool> chosen() const;
  /// Tells the host (one PCI notification) and wakes each of `restart`, from the calling actor.
  void restart(const std::vector<Suspended>& restart);
  void report_terminations();

  Context& ctx_;
  unsigned node_;
  MachineManager& mm_;
  const NodePolicy& policy_;
  std::vector<Suspended> suspended_; // in suspension order
  /// restart_due() found no suspended process ready, and nothing that could make one ready has happened since: a
  /// process suspending, or operation_completed() (called on every completion and probe-visible arrival). Every
  /// node asks at every slice strobe while most of a large machine's processes wait (4,096 nodes: 6-8 % of
  /// the run in these questions, bench/README.md).
  mutable bool none_ready_ = false;
  bool any_ready() const;
};

} // namespace bcssim::bcs::runtime
