// NM, the Node Manager (000 §4.1, 001 Figure 1): at each slice boundary it restarts the local processes whose
// blocking call completed during the previous slice (so a blocking call posted in slice i resumes at the start
// of slice i+2); which ones is its NodePolicy's choice. Under the what-if bcs.runtime.restart = on_completion it
// restarts each as soon as its operation completes instead. The restart is one notification across PCI; each process
// then sees it after host_wake. On the node of a job's rank 0 it also reports the job's termination to the
// Machine Manager (002 §3.5). (The NM's fork of a job's processes, on the MM's launch command, is in
// machine_manager.cpp.)
#include "bcs/runtime/node_manager.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/machine_manager.hpp"

#include <simgrid/s4u/Comm.hpp>

#include <cassert>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_node_manager, bcs_runtime,
                                "bcs.runtime.node_manager: Node Managers (restarts, terminations)");

namespace bcssim::bcs::runtime {

bool NodeManager::any_ready() const
{
  for (const Suspended& s : suspended_)
    if (s.ready())
      return true;
  return false;
}

bool NodeManager::restart_due() const
{
  if (none_ready_) {
    assert(!any_ready()); // a completion that did not call operation_completed() (sanitizer builds check)
    return false;
  }
  const bool due = any_ready();
  none_ready_ = !due;
  return due;
}

std::vector<bool> NodeManager::chosen() const
{
  std::vector<bool> completed;
  completed.reserve(suspended_.size());
  for (const Suspended& s : suspended_)
    completed.push_back(s.ready());
  return policy_.restart(completed);
}

std::vector<Suspended> NodeManager::take_restarts()
{
  const std::vector<bool> chosen = this->chosen();
  std::vector<Suspended> restart;
  std::vector<Suspended> still;
  for (std::size_t i = 0; i < suspended_.size(); ++i)
    (chosen.at(i) ? restart : still).push_back(std::move(suspended_[i]));
  suspended_ = std::move(still);
  none_ready_ = false;
  return restart;
}

void NodeManager::at_slice_strobe()
{
  const std::vector<Suspended> restart = take_restarts();
  if (!restart.empty())
    this->restart(restart);
  report_terminations();
}

bool NodeManager::strobe_computable() const
{
  return !termination_due() && ctx_.machine().platform.served_as_packet(kRestartBytes);
}

void NodeManager::at_slice_strobe(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
{
  auto restart = take_restarts();
  if (restart.empty()) {
    then();
    return;
  }
  // Platform::transfer of one packet: a sleep of its unloaded time.
  const auto& platform = ctx_.machine().platform;
  steps.after(platform.unloaded_seconds(platform.nic(node_), platform.cpu(node_), kRestartBytes),
              [this, &steps, restart = std::move(restart), then = std::move(then)] {
                steps.emit("bcs.nm.restart", restart.size());
                restarted(restart);
                then();
              });
}

void NodeManager::operation_completed()
{
  none_ready_ = false;
  if (ctx_.spec.restart != RestartRule::on_completion)
    return;
  std::vector<Suspended> ready;
  std::vector<Suspended> still;
  for (Suspended& s : suspended_)
    (s.ready() ? ready : still).push_back(std::move(s));
  suspended_ = std::move(still);
  if (!ready.empty()) // the NIC thread that saw the completion goes on; a NIC task notifies the host
    ctx_.machine().dma.start_on_nic(node_, "bcs.nm.restart", [this, ready = std::move(ready)] { restart(ready); });
}

void NodeManager::restart(const std::vector<Suspended>& restart)
{
  const auto& platform = ctx_.machine().platform;
  platform.transfer(platform.nic(node_), platform.cpu(node_), kRestartBytes);
  base::emit("bcs.nm.restart", restart.size());
  restarted(restart);
}

void NodeManager::restarted(const std::vector<Suspended>& restart)
{
  ctx_.progress.events += restart.size();
  XBT_VERB("node %u: restarts %zu process(es), %zu stay blocked", node_, restart.size(), suspended_.size());
  for (const Suspended& s : restart)
    s.resume->release();
}

namespace {
bool all_exited_here(const JobInfo& j, unsigned node)
{
  return !j.reported && j.node_of.front() == node && j.exited_on.count(node) &&
         j.exited_on.at(node) == j.ranks_on.at(node);
}
} // namespace

bool NodeManager::termination_due() const
{
  for (const auto& [id, j] : ctx_.jobs)
    if (all_exited_here(j, node_))
      return true;
  return false;
}

void NodeManager::report_terminations()
{
  for (auto& [id, j] : ctx_.jobs) {
    if (!all_exited_here(j, node_))
      continue;
    // 002 §3.5: the job's processes reach a common point at termination (COMPARE-AND-WRITE on the job's nodes),
    // then one message tells the resource manager (XFER-AND-SIGNAL).
    core::CompareAndWrite all_exited;
    all_exited.src = node_;
    all_exited.nodes = j.nodes;
    all_exited.word = j.exited_word;
    all_exited.op = core::Compare::ge;
    all_exited.value = 1;
    if (!ctx_.core.compare_and_write(all_exited))
      continue; // some node's processes still run: asked again at the next slice
    j.reported = true;
    base::emit("bcs.nm.job_exit", std::uint64_t(id));
    XBT_VERB("node %u: job %d has exited everywhere; telling the Machine Manager", node_, id);
    core::XferAndSignal report;
    report.src = node_;
    report.dst = core::NodeSet::range(ctx_.spec.management_node, ctx_.spec.management_node);
    report.bytes = 8; // one word: the job's number
    report.deliver = [&mm = mm_, job = id](unsigned) { mm.job_terminated(job); };
    ctx_.core.xfer_and_signal(report);
  }
}

} // namespace bcssim::bcs::runtime
