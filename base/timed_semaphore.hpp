#pragma once
// A SimGrid semaphore that one actor waits on, at times with a deadline. SimGrid 3.32 crashes when a semaphore is
// released at the very instant a timed acquire on it times out; that release is skipped here, since the waiter
// resumes at this instant anyway. So a waiter must look at the state it waits for, never at how it woke.
#include <simgrid/s4u/Semaphore.hpp>

#include <limits>

namespace bcssim::base {

class TimedSemaphore {
public:
  void release();
  void acquire() { sem_->acquire(); }
  /// Waits for a release until simulated date `date` at the latest (a date already past: only a pending release).
  void acquire_until(double date);

private:
  simgrid::s4u::SemaphorePtr sem_ = simgrid::s4u::Semaphore::create(0);
  double times_out_at_ = std::numeric_limits<double>::infinity(); // the timed acquire under way ends then (s)
};

} // namespace bcssim::base
