// NM, the Node Manager (000 §4.1, 001 Figure 1): at each slice boundary it restarts the local processes whose
// blocking call completed during the previous slice (so a blocking call posted in slice i resumes at the start
// of slice i+2). The restart is one notification across PCI; each process then sees it after host_wake.
// On the node of a job's rank 0 it also reports the job's termination to the Machine Manager (002 §3.5).
// (The NM's fork of a job's processes, on the MM's launch command, is in machine_manager.cpp.)
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/s4u/Comm.hpp>

namespace bcssim::bcs::runtime {

void Runtime::node_manager(unsigned node)
{
  auto& waiting = state_[node].suspended;
  std::vector<Suspended> restart;
  std::vector<Suspended> still;
  for (auto& s : waiting)
    (s.ready() ? restart : still).push_back(std::move(s));
  waiting = std::move(still);
  if (!restart.empty()) {
    const auto& platform = core_.machine().platform;
    simgrid::s4u::Comm::sendto(platform.nic(node), platform.cpu(node), 8.0);
    base::emit("bcs.nm.restart", restart.size());
    for (auto& s : restart)
      s.resume->release();
  }
  report_terminations(node);
}

bool Runtime::termination_due(unsigned node) const
{
  for (const auto& [id, j] : jobs_)
    if (!j.reported && j.node_of.front() == node && j.exited_on.count(node) &&
        j.exited_on.at(node) == j.ranks_on.at(node))
      return true;
  return false;
}

void Runtime::report_terminations(unsigned node)
{
  for (auto& [id, j] : jobs_) {
    if (j.reported || j.node_of.front() != node || !j.exited_on.count(node) ||
        j.exited_on.at(node) != j.ranks_on.at(node))
      continue;
    // 002 §3.5: the job's processes reach a common point at termination (COMPARE-AND-WRITE on the job's nodes),
    // then one message tells the resource manager (XFER-AND-SIGNAL).
    core::CompareAndWrite all_exited;
    all_exited.src = node;
    all_exited.nodes = j.nodes;
    all_exited.word = j.exited_word;
    all_exited.op = core::Compare::ge;
    all_exited.value = 1;
    if (!core_.compare_and_write(all_exited))
      continue; // some node's processes still run: asked again at the next slice
    j.reported = true;
    base::emit("bcs.nm.job_exit", std::uint64_t(id));
    core::XferAndSignal report;
    report.src = node;
    report.dst = core::NodeSet::range(spec_.management_node, spec_.management_node);
    report.bytes = 8; // one word: the job's number
    report.deliver = [this, job = id](unsigned) { mm_request(MmRequest{false, job}); };
    core_.xfer_and_signal(report);
  }
}

} // namespace bcssim::bcs::runtime
