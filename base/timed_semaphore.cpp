#include "base/timed_semaphore.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>

namespace bcssim::base {

void TimedSemaphore::release()
{
  if (times_out_at_ <= simgrid::s4u::Engine::get_clock())
    return; // the timed acquire times out now: releasing would crash SimGrid 3.32
  sem_->release();
}

void TimedSemaphore::acquire_until(double date)
{
  const double now = simgrid::s4u::Engine::get_clock();
  if (date <= now) { // a date already past (the waiter spent simulated time since computing it): no wait at all.
    // SimGrid 3.32 sets no timer for a timeout of 0, so acquire_timeout(0) would wait until a release, forever
    // if none comes: a Node Manager whose switch took time past its next deadline stopped deciding (issue 46).
    if (!sem_->would_block())
      sem_->acquire();
    return;
  }
  const double wait = date - now;
  times_out_at_ = now + wait; // the date SimGrid's timer is set to
  (void)sem_->acquire_timeout(wait);
  times_out_at_ = std::numeric_limits<double>::infinity();
}

} // namespace bcssim::base
