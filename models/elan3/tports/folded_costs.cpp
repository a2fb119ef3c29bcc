#include "models/elan3/tports/folded_costs.hpp"

#include <algorithm>
#include <stdexcept>

namespace bcssim::elan3::tports {

FoldedCurve::FoldedCurve(std::vector<std::pair<double, double>> points) : points_(std::move(points))
{
  for (std::size_t i = 1; i < points_.size(); ++i)
    if (!(points_[i - 1].first < points_[i].first))
      throw std::invalid_argument("FoldedCurve: sizes must increase");
}

double FoldedCurve::at(std::uint64_t bytes) const
{
  if (points_.empty())
    return 0;
  if (points_.size() == 1)
    return std::max(0.0, points_.front().second);
  const double x = double(bytes);
  // The segment holding x; below the first point or past the last, the nearest segment extended.
  auto upper = std::upper_bound(points_.begin(), points_.end(), x,
                                [](double v, const std::pair<double, double>& p) { return v < p.first; });
  if (upper == points_.begin())
    ++upper;
  if (upper == points_.end())
    --upper;
  const auto& [x1, y1] = *upper;
  const auto& [x0, y0] = *(upper - 1);
  if (x == x0)
    return std::max(0.0, y0);
  return std::max(0.0, y0 + (y1 - y0) * (x - x0) / (x1 - x0));
}

} // namespace bcssim::elan3::tports
