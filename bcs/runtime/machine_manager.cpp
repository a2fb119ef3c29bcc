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
#include "bcs/runtime/machine_manager.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/strobe_sender.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <xbt/log.h>

#include <stdexcept>
#include <string>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_machine_manager, bcs_runtime,
                                "bcs.runtime.machine_manager: the Machine Manager (job launch and termination)");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

void MachineManager::launch(int job, std::function<void(unsigned node)> fork)
{
  JobInfo& j = ctx_.jobs.at(job);
  if (j.launched)
    throw std::logic_error("Runtime::launch: job " + std::to_string(job) + " was launched already");
  j.launched = true;
  j.fork = std::move(fork);
  request(Request{true, job});
}

void MachineManager::request(Request r)
{
  queue_.push_back(r);
  if (!started_) {
    started_ = true;
    wake_ = sg4::Semaphore::create(0);
    // Not a SimGrid daemon: while a job is launching or running, the MM keeps the simulation alive (the rank
    // actors do not exist yet during a launch). It returns when no job is left and comes back with the next.
    sg4::Actor::create("bcs.mm", ctx_.machine().platform.cpu(ctx_.spec.management_node), [this] { run(); });
  } else if (waiting_) {
    waiting_ = false;
    wake_->release();
  }
}

void MachineManager::run()
{
  for (;;) {
    while (!queue_.empty()) {
      const Request r = queue_.front();
      queue_.pop_front();
      if (r.launch) {
        launch_job(r.job);
        continue;
      }
      --running_jobs_;
      base::emit("bcs.mm.job_end", std::uint64_t(r.job));
      if (base::trace::enabled())
        base::trace::instant("job " + std::to_string(r.job) + " ended");
      XBT_VERB("job %d terminated; %d still running", r.job, running_jobs_);
    }
    if (running_jobs_ == 0) {
      started_ = false; // idle until the next launch: not simulated
      return;
    }
    waiting_ = true;
    wake_->acquire();
  }
}

void MachineManager::launch_job(int job)
{
  start_node_threads_();
  ++running_jobs_;
  ss_.start(); // the heartbeat runs while a job does
  base::emit("bcs.mm.launch", std::uint64_t(job));
  if (base::trace::enabled())
    base::trace::instant("launch job " + std::to_string(job));
  XBT_VERB("launching job %d on %u node(s)", job, ctx_.jobs.at(job).nodes.size());
  const unsigned me = ctx_.spec.management_node;
  ctx_.host.post_descriptor(me); // the launch command, into the management node's NIC
  core::XferAndSignal command;
  command.src = me;
  command.dst = ctx_.jobs.at(job).nodes;
  command.bytes = ctx_.host.spec().descriptor_bytes;
  Context& ctx = ctx_;
  command.deliver = [&ctx, job](unsigned node) {
    // The NM on `node` sees the command across PCI and forks the job's local processes.
    sg4::Actor::create("bcs.nm.fork", ctx.machine().platform.cpu(node), [&ctx, job, node] {
      ctx.host.notify_host(node);
      base::emit("bcs.nm.fork", ctx.jobs.at(job).ranks_on.at(node));
      ctx.jobs.at(job).fork(node);
    });
  };
  // The NIC's command processor issues it (XFER-AND-SIGNAL is called on the source's NIC).
  sg4::Actor::create("bcs.mm.launch", ctx_.machine().platform.nic(me),
                     [&ctx, command] { ctx.core.xfer_and_signal(command); });
}

} // namespace bcssim::bcs::runtime
