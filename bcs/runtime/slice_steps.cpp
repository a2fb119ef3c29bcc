#include "bcs/runtime/slice_steps.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace bcssim::bcs::runtime {

// std::push_heap keeps the largest first: the later is the larger.
bool SliceSteps::later(const Entry& a, const Entry& b)
{
  return std::tie(a.at, a.order) > std::tie(b.at, b.order);
}

void SliceSteps::push(Entry e)
{
  past_ = past_ || e.at < now_;
  e.order = made_++;
  heap_.push_back(std::move(e));
  std::push_heap(heap_.begin(), heap_.end(), later);
}

bool SliceSteps::run()
{
  std::vector<std::pair<int, int>> step_causes; // (node, cause) of the steps at the instant
  std::vector<Entry> arrived;                   // the operations that arrived at it
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
      Entry e = std::move(heap_.back());
      heap_.pop_back();
      if (e.core >= 0) {
        arrived.push_back(std::move(e));
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
    std::stable_sort(arrived.begin(), arrived.end(), [](const Entry& a, const Entry& b) {
      return std::tie(a.core, a.thread, a.key) < std::tie(b.core, b.thread, b.key);
    });
    for (std::size_t i = 0; i < arrived.size(); ++i) {
      Entry& e = arrived[i];
      if (i > 0 && arrived[i - 1].core == e.core && arrived[i - 1].cause != e.cause)
        return false; // two arrivals on one core at one instant, neither causing the other
      double& free = core_free_.at(std::size_t(e.core));
      free = std::max(free, t) + e.seconds;
      last_ = std::max(last_, free);
      if (e.served)
        e.served(free);
      if (e.then)
        step(free, cause(), e.core, std::move(e.then));
    }
  }
  return !past_;
}

} // namespace bcssim::bcs::runtime
