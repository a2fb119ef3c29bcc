#include "bcs/mds/mmds.hpp"

#include <algorithm>

namespace bcssim::bcs::mds {

void Summary::add(double value)
{
  min = count ? std::min(min, value) : value;
  max = count ? std::max(max, value) : value;
  total += value;
  ++count;
}

void Summary::merge(const Summary& other)
{
  if (other.count == 0)
    return;
  min = count ? std::min(min, other.min) : other.min;
  max = count ? std::max(max, other.max) : other.max;
  total += other.total;
  count += other.count;
}

Mmds::Mmds(MmdsSpec spec) : spec_(std::move(spec)), granularity_(spec_.resolution), overhead_(spec_.resolution) {}

void Mmds::start(double now) { computing_since_ = now; }

void Mmds::enter(double now, bool blocking)
{
  if (!blocking)
    return;
  const double interval = now - computing_since_;
  summary_[kCompGranularity].add(interval);
  granularity_.add(interval);
  blocked_since_ = now;
}

void Mmds::leave(const std::string& primitive, double entered, double now, std::uint64_t bytes, bool blocking)
{
  summary_[primitive].add(now - entered);
  if (spec_.primitives.count(primitive)) {
    latency_.try_emplace(primitive, spec_.resolution).first->second.add(now - entered);
    size_.try_emplace(primitive, spec_.size_resolution).first->second.add(double(bytes));
  }
  if (!blocking)
    return;
  const double interval = now - blocked_since_;
  summary_[kCommOverhead].add(interval);
  overhead_.add(interval);
  computing_since_ = now;
}

void Mmds::finish(double now)
{
  const double interval = now - computing_since_;
  summary_[kCompGranularity].add(interval);
  granularity_.add(interval);
}

void Mmds::merge(const Mmds& other)
{
  for (const auto& [name, s] : other.summary_)
    summary_[name].merge(s);
  granularity_.merge(other.granularity_);
  overhead_.merge(other.overhead_);
  for (const auto& [name, d] : other.latency_)
    latency_.try_emplace(name, d.width()).first->second.merge(d);
  for (const auto& [name, d] : other.size_)
    size_.try_emplace(name, d.width()).first->second.merge(d);
}

} // namespace bcssim::bcs::mds
