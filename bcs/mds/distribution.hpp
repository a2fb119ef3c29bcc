#pragma once
// A histogram of non-negative values with a fixed bin width (the MDS "resolution", 000 §5.1): bin k counts the
// values in [k * width, (k + 1) * width).
#include <cstdint>
#include <map>

namespace bcssim::bcs::mds {

class Distribution {
public:
  explicit Distribution(double width = 1) : width_(width) {}
  void add(double value);
  void merge(const Distribution& other);
  double width() const { return width_; }
  /// Bin index -> count, for the bins that hold a value, in increasing order.
  const std::map<std::int64_t, std::uint64_t>& bins() const { return bins_; }

private:
  double width_;
  std::map<std::int64_t, std::uint64_t> bins_;
};

} // namespace bcssim::bcs::mds
