#include "bcs/mds/distribution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bcssim::bcs::mds {

void Distribution::add(double value) { ++bins_[std::int64_t(std::floor(std::max(value, 0.0) / width_))]; }

void Distribution::merge(const Distribution& other)
{
  if (other.width_ != width_)
    throw std::invalid_argument("Distribution::merge: bin widths differ");
  for (const auto& [bin, count] : other.bins_)
    bins_[bin] += count;
}

} // namespace bcssim::bcs::mds
