#include "bcs/runtime/slice_steps.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace bcssim::bcs::runtime {

void SliceSteps::push(Entry e)
{
  past_ = past_ || e.at < now_;
  e.order = made_++;
  // Its place: behind (toward the front) every entry earlier than it; an equal instant's older entries stay
  // nearer the back, so they run first.
  std::size_t at = pending_.size();
  while (at > 0 && (pending_[at - 1].at < e.at || (pending_[at - 1].at == e.at && pending_[at - 1].order < e.order)))
    --at;
  pending_.insert(pending_.begin() + std::ptrdiff_t(at), e);
}

bool SliceSteps::run()
{
  std::vector<std::pair<int, int>> step_causes; // (node, cause) of the steps at the instant
  std::vector<Entry> arrived;                   // the operations that arrived at it
  while (!pending_.empty()) {
    if (past_)
      return false; // something made in the past: not a slice this loop can compute
    now_ = pending_.back().at;
    const Instant t = now_;
    last_ = max(last_, t);
    step_causes.clear();
    arrived.clear();
    // The steps at t in the order they were made (each may make more at t), gathering the operations that arrive.
    while (!pending_.empty() && pending_.back().at == t) {
      const Entry e = pending_.back();
      pending_.pop_back();
      if (e.core >= 0) {
        arrived.push_back(e);
        continue;
      }
      for (const auto& [node, cause] : step_causes)
        if (cause != e.cause && (node == e.thread || node == kEveryNode || e.thread == kEveryNode))
          return false;
      step_causes.emplace_back(e.thread, e.cause);
      if (e.then)
        e.then(t, e.cause);
    }
    if (past_)
      return false;
    // A stable insertion sort: an instant has a few arrivals, and std::stable_sort allocates a buffer each time.
    const auto before = [](const Entry& x, const Entry& y) {
      return std::tie(x.core, x.thread, x.key) < std::tie(y.core, y.thread, y.key);
    };
    for (std::size_t i = 1; i < arrived.size(); ++i)
      for (std::size_t j = i; j > 0 && before(arrived[j], arrived[j - 1]); --j)
        std::swap(arrived[j], arrived[j - 1]);
    int core_before = -1;
    int cause_before = 0;
    for (const Entry& e : arrived) {
      if (core_before == e.core && cause_before != e.cause)
        return false; // two arrivals on one core at one instant, neither causing the other: their order is unknown
      core_before = e.core;
      cause_before = e.cause;
      Instant& free = core_free_.at(std::size_t(e.core));
      free = max(free, t) + e.seconds;
      last_ = max(last_, free);
      if (e.served)
        e.served(free);
      if (e.then)
        step(free, cause(), e.core, e.then);
    }
  }
  return !past_;
}

} // namespace bcssim::bcs::runtime
