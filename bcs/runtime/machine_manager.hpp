#pragma once
// MM, the Machine Manager (000 §4.1, 002 §3.5 and §5.3): a daemon on the management node's host that launches
// jobs, keeps the Strobe Sender running while any job does, and learns of their termination.
#include <deque>
#include <functional>

#include <simgrid/s4u/Semaphore.hpp>

namespace bcssim::bcs::runtime {

struct Context;
class StrobeSender;

class MachineManager {
public:
  /// `start_node_threads`: creates every node's NIC threads (once, before the first job runs).
  MachineManager(Context& ctx, StrobeSender& ss, std::function<void()> start_node_threads)
      : ctx_(ctx), ss_(ss), start_node_threads_(std::move(start_node_threads))
  {
  }

  /// Submits a registered job; `fork(node)` runs on each of its nodes when that node's NM gets the command.
  void launch(int job, std::function<void(unsigned node)> fork);
  /// The job master's NM reports that every process of `job` has exited (a message landing on the MM's node).
  void job_terminated(int job) { request(Request{false, job}); }
  /// Jobs launched and not yet reported terminated: the Strobe Sender strobes while this is > 0.
  int running_jobs() const { return running_jobs_; }
  /// Nothing to do until a job's processes report it terminated: no launch or report waiting, none under way.
  bool quiet() const { return queue_.empty() && (!started_ || waiting_); }

private:
  struct Request {
    bool launch = true; // else: the job has terminated
    int job = 0;
  };
  void request(Request r);
  void run();
  void launch_job(int job);

  Context& ctx_;
  StrobeSender& ss_;
  std::function<void()> start_node_threads_;
  int running_jobs_ = 0;
  bool started_ = false;      // its actor exists
  bool waiting_ = false;      // its actor waits for a request
  std::deque<Request> queue_; // launches and terminations, in arrival order
  simgrid::s4u::SemaphorePtr wake_;
};

} // namespace bcssim::bcs::runtime
