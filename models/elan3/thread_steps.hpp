#pragma once
// A NIC thread's steps without its actor (the message-level tier's computed Strobe Receivers and Strobe Sender,
// bcs/runtime/computed_sr.hpp, computed_ss.hpp): each operation goes into its NIC's one-at-a-time core queue exactly
// where the thread's actor would have put it (by the actor's name and pid: elan3::queue_cycles), and the step after
// it runs from the kernel timer at its end; a wait for an instant is a timer. The thread's code is then written as continuations ("then"), and costs
// no context switch, semaphore or SimGrid activity per step.
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace simgrid::s4u {
class Host;
}

namespace bcssim::elan3 {

class ThreadSteps {
public:
  using Then = std::function<void()>;
  /// Steps of the calling actor's thread on `nic` (its host), whose core must queue without actors
  /// (queues_without_actor). When that actor ends (SimGrid kills the daemons once the programs have ended), the
  /// steps still to come are dropped, as the actor's own would be.
  explicit ThreadSteps(simgrid::s4u::Host& nic);
  /// The actor has ended: no step runs any more.
  bool ended() const { return !*alive_; }
  /// When the actor ended (infinity while it runs).
  double ended_at() const { return *ended_at_; }
  /// The thread's name (its actor's).
  const std::string& thread() const { return thread_; }

  /// elan3::run_cycles: `cycles` of the thread's, then `then` at their end (from a timer; at once for none).
  void run(double cycles, Then then) const;
  /// elan3::occupy_cycles: `cycles` that hold the core after the thread's other operations of this instant.
  void occupy(double cycles) const;
  /// base::emit as the thread's actor would (its name, its NIC).
  void emit(std::string_view what, std::uint64_t bytes) const;
  /// sleep_for(seconds): `then` at now + seconds (from a timer).
  void after(double seconds, Then then) const;
  /// sleep_until(at): `then` where that sleep ends (now + (at - now)), or at once if `at` is not later than now.
  void at(double at, Then then) const;
  /// `then` from a timer at exactly `at` (not earlier than now), unless the actor has ended by then: a step whose
  /// instant was worked out as the sums of the steps before it (bcs/runtime/lazy_polls.hpp).
  void at_instant(double at, Then then) const;
  /// The NIC the thread runs on.
  simgrid::s4u::Host& nic() const { return nic_; }

private:
  simgrid::s4u::Host& nic_;
  std::string thread_;
  long pid_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::shared_ptr<double> ended_at_ = std::make_shared<double>(std::numeric_limits<double>::infinity());
};

} // namespace bcssim::elan3
