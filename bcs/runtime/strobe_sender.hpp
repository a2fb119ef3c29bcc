#pragma once
// SS, the Strobe Sender (000 §4.1-4.2) on the management node's NIC: the machine's heartbeat. It alone writes
// the slice clock.
namespace bcssim::bcs::runtime {

struct Context;

class StrobeSender {
public:
  /// What the SS asks of the rest of the machine at each slice boundary.
  class Machine {
  public:
    virtual ~Machine() = default;
    /// Jobs launched and not yet reported terminated (the SS stops at 0).
    virtual int running_jobs() const = 0;
    /// Whether anything can still happen: a descriptor to move, a process to restart or computing, a collective
    /// to schedule, a job to fork or report. Two boundaries in a row without it: a deadlock (the SS stops).
    virtual bool progress_possible() const = 0;
  };

  StrobeSender(Context& ctx, const Machine& machine) : ctx_(ctx), machine_(machine) {}
  /// Starts its actor unless it runs already.
  void start();

private:
  void run();

  Context& ctx_;
  const Machine& machine_;
  bool strobing_ = false;
};

} // namespace bcssim::bcs::runtime
