#pragma once
// The computation of one rank in an application whose work is uneven (the synthetic loop, SAGE's adaptive mesh):
// a static share drawn once per rank and a variation per interval, both from the rank's own random stream
// (base/rng.hpp), so that a rank's work never depends on what other ranks drew.
#include "base/rng.hpp"

#include <cstdint>

namespace bcssim::apps {

class VariableWork {
public:
  /// Rank `rank` computes mean x (1 + imbalance x a) per interval, a uniform in [0, 1) drawn once (the first
  /// number of its stream), times 1 + variability x (2u - 1) with u drawn per interval.
  VariableWork(double mean, double imbalance, double variability, std::uint64_t seed, int rank)
      : mean_(mean), variability_(variability), rng_(base::Rng::stream(seed, std::uint64_t(rank))),
        share_(1 + imbalance * rng_.uniform())
  {
  }

  /// Seconds of the next interval.
  double next() { return mean_ * share_ * (1 + variability_ * (2 * rng_.uniform() - 1)); }

private:
  double mean_;
  double variability_;
  base::Rng rng_;
  double share_;
};

} // namespace bcssim::apps
