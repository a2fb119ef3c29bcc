#pragma once
// Code that acts in maestro each time the simulated clock moves: the guard that stops a run at the limit of
// simulated time (base/sim_time.hpp), the ledger that stops one whose OS noise outgrows memory
// (models/noise/profile_ledger.hpp). SimGrid's time-advance signal is process-wide, outlives engines and cannot be
// disconnected, so it is connected once, here, and calls the watchers alive at that moment in the order they were
// made. It fires once the clock has moved, before any actor runs at the new time, outside the solver: a watcher
// may kill actors.
namespace bcssim::base {

class ClockWatcher {
public:
  ClockWatcher();
  virtual ~ClockWatcher();
  ClockWatcher(const ClockWatcher&) = delete;
  ClockWatcher& operator=(const ClockWatcher&) = delete;
  /// `now`: the engine's clock, just moved.
  virtual void on_clock(double now) = 0;
};

} // namespace bcssim::base
