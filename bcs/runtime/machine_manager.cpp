// MM, the Machine Manager (000 §4.1, 002 §3.5 and §5.3): a daemon on the management node's host that controls
// the execution of parallel jobs.
//   - It launches the Strobe Sender, the NIC thread whose strobe is the machine's global heartbeat (001: "Global
//     Heartbeat (500 usec time slices)"), when the first job arrives, and lets it stop once no job is left.
//   - It launches a job by writing the launch command into its NIC (a PCI post) and multicasting it with
//     XFER-AND-SIGNAL to the nodes allocated to the job; each Node Manager forks its local processes on receipt
//     (002 §3.5, "Job Launching"). The binary and its data are taken as already on the nodes: dissemination
//     is not modelled, and the application's clock starts when its processes do.
//   - It learns that a job terminated from one message: the NM on the node of the job's rank 0 checks with
//     COMPARE-AND-WRITE that every node of the job saw its processes exit, then tells the MM with XFER-AND-SIGNAL
//     (002 §3.5, "The reporting of job termination"; node_manager.cpp).
#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(bcs_runtime_mm, "bcs.runtime.mm: the Machine Manager (job launch and termination)");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

void Runtime::launch(int job, std::function<void(unsigned node)> fork)
{
  JobInfo& j = jobs_.at(job);
  if (j.launched)
    throw std::logic_error("Runtime::launch: job " + std::to_string(job) + " was launched already");
  j.launched = true;
  j.fork = std::move(fork);
  mm_request(MmRequest{true, job});
}

void Runtime::mm_request(MmRequest request)
{
  mm_queue_.push_back(request);
  if (!mm_started_) {
    mm_started_ = true;
    mm_wake_ = sg4::Semaphore::create(0);
    // Not a SimGrid daemon: while a job is launching or running, the MM keeps the simulation alive (the rank
    // actors do not exist yet during a launch). It returns when no job is left and comes back with the next.
    sg4::Actor::create("bcs.mm", core_.machine().platform.cpu(spec_.management_node), [this] { machine_manager(); });
  } else if (mm_waiting_) {
    mm_waiting_ = false;
    mm_wake_->release();
  }
}

void Runtime::machine_manager()
{
  for (;;) {
    while (!mm_queue_.empty()) {
      const MmRequest request = mm_queue_.front();
      mm_queue_.pop_front();
      if (request.launch) {
        launch_job(request.job);
        continue;
      }
      --running_jobs_;
      base::emit("bcs.mm.job_end", std::uint64_t(request.job));
      if (base::trace::enabled())
        base::trace::instant("job " + std::to_string(request.job) + " ended");
      XBT_DEBUG("job %d terminated; %d still running", request.job, running_jobs_);
    }
    if (running_jobs_ == 0) {
      mm_started_ = false; // idle until the next launch: not simulated
      return;
    }
    mm_waiting_ = true;
    mm_wake_->acquire();
  }
}

void Runtime::start_strobe_sender()
{
  if (strobing_)
    return;
  strobing_ = true;
  sg4::Actor::create("bcs.ss", core_.machine().platform.nic(spec_.management_node), [this] {
    strobe_sender();
    strobing_ = false;
  })->daemonize();
}

void Runtime::launch_job(int job)
{
  if (!threads_started_)
    start_node_threads();
  ++running_jobs_;
  start_strobe_sender(); // the heartbeat runs while a job does
  base::emit("bcs.mm.launch", std::uint64_t(job));
  if (base::trace::enabled())
    base::trace::instant("launch job " + std::to_string(job));
  const unsigned me = spec_.management_node;
  host_.post_descriptor(me); // the launch command, into the management node's NIC
  core::XferAndSignal command;
  command.src = me;
  command.dst = jobs_.at(job).nodes;
  command.bytes = host_.spec().descriptor_bytes;
  command.deliver = [this, job](unsigned node) {
    // The NM on `node` sees the command across PCI and forks the job's local processes.
    sg4::Actor::create("bcs.nm.fork", core_.machine().platform.cpu(node), [this, job, node] {
      host_.notify_host(node);
      base::emit("bcs.nm.fork", jobs_.at(job).ranks_on.at(node));
      jobs_.at(job).fork(node);
    });
  };
  // The NIC's command processor issues it (XFER-AND-SIGNAL is called on the source's NIC).
  sg4::Actor::create("bcs.mm.launch", core_.machine().platform.nic(me),
                     [this, command] { core_.xfer_and_signal(command); });
}

} // namespace bcssim::bcs::runtime
