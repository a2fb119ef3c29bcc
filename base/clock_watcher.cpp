#include "base/clock_watcher.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <vector>

namespace bcssim::base {
namespace {
std::vector<ClockWatcher*>& watchers()
{
  static std::vector<ClockWatcher*> all; // in the order they were made
  return all;
}
} // namespace

ClockWatcher::ClockWatcher()
{
  static const bool connected = [] {
    simgrid::s4u::Engine::on_time_advance_cb([](double) {
      const double now = simgrid::s4u::Engine::get_clock();
      const std::vector<ClockWatcher*> alive = watchers(); // a watcher may end another's run, not its life
      for (ClockWatcher* w : alive)
        w->on_clock(now);
    });
    return true;
  }();
  (void)connected;
  watchers().push_back(this);
}

ClockWatcher::~ClockWatcher()
{
  auto& all = watchers();
  all.erase(std::remove(all.begin(), all.end(), this), all.end());
}

} // namespace bcssim::base
