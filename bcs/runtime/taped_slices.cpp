#include "bcs/runtime/taped_slices.hpp"

#include "base/sim_time.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_taped_slices, bcs_runtime,
                                "bcs.runtime.taped_slices: idle slices replayed from the last one computed");

namespace bcssim::bcs::runtime {

bool TapedSlices::replay(std::int64_t k, const QuietNodes& quiet, const std::vector<double>& inputs, IdleSlice& s)
{
  if (!valid_ || !(quiet == quiet_))
    return false;
  if (!tape_.replay(inputs, values_)) {
    XBT_DEBUG("slice %lld: a taped comparison comes out otherwise: computed anew", static_cast<long long>(k));
    return false;
  }
  const auto refill = [this](Instant i) { return SliceTape::taped(i) ? SliceTape::refill(i, values_) : i; };
  if (s.tape != generation_)
    s = slice_; // into its memory: no allocation once it has held a slice
  // else it holds a replay of this tape already (the strobe sender's two slices take turns): the same events,
  // nodes and gaps, whose instants and numbers are all written below.
  s.slice = k;
  for (Instant* i : {&s.strobe, &s.end, &s.tail, &s.last, &s.idle_dem_end, &s.management_dem_end})
    *i = refill(*i);
  for (ComputedEvent& e : s.events) {
    e.at = refill(e.at);
    if (e.slice_number)
      e.bytes = std::uint64_t(k);
  }
  for (Instant& f : s.core_free)
    f = refill(f);
  for (auto& gap : s.gaps)
    gap.second = refill(gap.second);
  ++replayed_;
  return true;
}

SliceTape& TapedSlices::record()
{
  valid_ = false;
  return tape_;
}

std::uint64_t TapedSlices::adopt(const IdleSlice& s, const QuietNodes& quiet)
{
  XBT_VERB("slice %lld taped: %zu operations, %zu comparisons, %zu events", static_cast<long long>(s.slice),
           tape_.operations(), tape_.comparisons(), s.events.size());
  valid_ = true;
  slice_ = s;
  slice_.tape = ++generation_;
  quiet_ = quiet;
  pattern_.reset();
  distinct_.clear();
  if (!base::within_sim_time_limit(s.last.value()))
    return generation_;
  auto pattern = std::make_shared<base::EventPattern>();
  std::int64_t previous = 0;
  for (std::size_t i = 0; i < s.events.size(); ++i) {
    const ComputedEvent& e = s.events[i];
    const std::int64_t ns = base::to_ns(e.at.value());
    const bool starts = pattern->instants == 0 || ns != previous;
    pattern->instants += starts ? 1 : 0;
    previous = ns;
    // An event at the instant the event before it was made at has its ns in every replay.
    if (i == 0 || !SliceTape::taped(e.at) || SliceTape::slot(e.at) != SliceTape::slot(s.events[i - 1].at) ||
        !SliceTape::taped(s.events[i - 1].at))
      distinct_.push_back({std::uint32_t(i), starts});
    for (std::uint32_t n = 0; n < e.times; ++n)
      pattern->items.push_back({e.actor, e.what, e.bytes, e.slice_number, pattern->instants - 1});
  }
  pattern_ = std::move(pattern);
  return generation_;
}

std::optional<base::EventBlock> TapedSlices::block(const IdleSlice& s) const
{
  if (!pattern_ || s.tape != generation_ || !base::within_sim_time_limit(s.last.value()))
    return std::nullopt;
  base::EventBlock b;
  b.pattern = pattern_;
  b.number = std::uint64_t(s.slice);
  b.instant_ns.reserve(pattern_->instants);
  for (const Distinct& d : distinct_) {
    const std::int64_t ns = base::to_ns(s.events[d.event].at.value());
    const bool starts = b.instant_ns.empty() || ns != b.instant_ns.back();
    if (starts != d.starts)
      return std::nullopt; // grouped otherwise than on the taped slice
    if (starts)
      b.instant_ns.push_back(ns);
  }
  return b;
}

} // namespace bcssim::bcs::runtime
