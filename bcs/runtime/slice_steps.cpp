#include "bcs/runtime/slice_steps.hpp"

#include <algorithm>
#include <tuple>
#include <utility>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(bcs_runtime_slice_steps,
                             "bcs.runtime.slice_steps: the event loop a computed slice's threads run on");

namespace bcssim::bcs::runtime {

// std::push_heap keeps the largest first: the later is the larger.
bool SliceSteps::later(const Key& a, const Key& b)
{
  return std::tie(a.at, a.order) > std::tie(b.at, b.order);
}

void SliceSteps::push(Entry e)
{
  past_ = past_ || e.at < now_;
  std::uint32_t slot;
  if (free_.empty()) {
    slot = std::uint32_t(slots_.size());
    slots_.push_back(std::move(e));
  } else {
    slot = free_.back();
    free_.pop_back();
    slots_[slot] = std::move(e);
  }
  heap_.push_back(Key{slots_[slot].at, made_++, slot});
  std::push_heap(heap_.begin(), heap_.end(), later);
}

bool SliceSteps::run()
{
  std::vector<std::pair<int, int>> step_causes; // (node, cause) of the steps at the instant
  std::vector<std::uint32_t> arrived;           // the operations that arrived at it, by slot
  while (!heap_.empty()) {
    if (past_)
      return false; // something made in the past: not a slice this loop can compute
    now_ = heap_.front().at;
    const double t = now_;
    last_ = std::max(last_, t);
    step_causes.clear();
    arrived.clear();
    // The steps at t in the order they were made (each may make more at t), gathering the operations that arrive.
    while (!heap_.empty() && heap_.front().at == t) {
      std::pop_heap(heap_.begin(), heap_.end(), later);
      const std::uint32_t slot = heap_.back().slot;
      heap_.pop_back();
      if (slots_[slot].core >= 0) {
        arrived.push_back(slot);
        continue;
      }
      // What the step needs, copied out of its slot (its continuation may make entries that reuse or move it).
      const int node = slots_[slot].thread;
      const int step_cause = slots_[slot].cause;
      const Then then = slots_[slot].then;
      free_.push_back(slot);
      for (const auto& [other, cause] : step_causes)
        if (cause != step_cause && (other == node || other == kEveryNode || node == kEveryNode))
          return false;
      step_causes.emplace_back(node, step_cause);
      if (then)
        then(t, step_cause);
    }
    if (past_)
      return false;
    // A stable insertion sort: an instant has a few arrivals, and std::stable_sort allocates a buffer each time.
    const auto before = [this](std::uint32_t a, std::uint32_t b) {
      const Entry& x = slots_[a];
      const Entry& y = slots_[b];
      return std::tie(x.core, x.thread, x.key) < std::tie(y.core, y.thread, y.key);
    };
    for (std::size_t i = 1; i < arrived.size(); ++i)
      for (std::size_t j = i; j > 0 && before(arrived[j], arrived[j - 1]); --j)
        std::swap(arrived[j], arrived[j - 1]);
    int core_before = -1;
    int cause_before = 0;
    for (const std::uint32_t slot : arrived) {
      const Entry e = slots_[slot];
      free_.push_back(slot);
      if (core_before == e.core && cause_before != e.cause)
        return false; // two arrivals on one core at one instant, neither causing the other: their order is unknown
      core_before = e.core;
      cause_before = e.cause;
      double& free = core_free_.at(std::size_t(e.core));
      free = std::max(free, t) + e.seconds;
      last_ = std::max(last_, free);
      if (e.served)
        e.served(free);
      if (e.then)
        step(free, cause(), e.core, e.then);
    }
  }
  return !past_;
}

} // namespace bcssim::bcs::runtime
