// OS noise's detour schedule (models/noise): where each detour falls, and that it depends only on the spec, the
// seed and the resource's key.
#include "models/noise/noise.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

using bcssim::noise::DetourSchedule;
using bcssim::noise::NoiseSpec;

namespace {
std::vector<double> starts(const NoiseSpec& spec, std::uint64_t seed, std::uint64_t key, int n = 200)
{
  DetourSchedule s(spec, seed, key);
  std::vector<double> out;
  for (int i = 0; i < n; ++i)
    out.push_back(s.next());
  return out;
}
} // namespace

TEST_CASE("noise detours fall at phase + k period + jitter u and never overlap")
{
  NoiseSpec spec;
  spec.period = 10e-3;
  spec.duration = 1e-3;
  spec.jitter = 9e-3; // the largest the period allows: detours may touch but not overlap
  const auto s = starts(spec, 7, 3);
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double lo = double(k) * spec.period;
    CHECK(s[k] >= lo);
    CHECK(s[k] < lo + spec.period + spec.jitter); // phase < period
    if (k > 0)
      CHECK(s[k] >= s[k - 1] + spec.duration - 1e-15);
  }
}

TEST_CASE("noise detours: same seed and key give the same detours; another seed or key others; aligned ignores the key")
{
  NoiseSpec spec;
  spec.period = 1;
  spec.duration = 10e-3;
  spec.jitter = 0.1;
  CHECK(starts(spec, 1, 5) == starts(spec, 1, 5));
  CHECK(starts(spec, 1, 5) != starts(spec, 2, 5));
  CHECK(starts(spec, 1, 5) != starts(spec, 1, 6));
  spec.aligned = true;
  CHECK(starts(spec, 1, 5) == starts(spec, 1, 6));
  CHECK(starts(spec, 1, 5) != starts(spec, 2, 5));
  spec.jitter = 0;
  const auto a = starts(spec, 1, 5, 4);
  CHECK(a == std::vector<double>{0, 1, 2, 3}); // aligned without jitter: on the period grid from 0
}

TEST_CASE("noise spec validation names the field, with the rule a scenario is held to")
{
  NoiseSpec spec;
  CHECK_NOTHROW(spec.validate()); // period 0: no noise
  spec.period = 1e-3;
  CHECK_THROWS_WITH_AS(spec.validate(), "NoiseSpec.duration: expected a positive time when NoiseSpec.period is set",
                       std::invalid_argument);
  spec.duration = 0.5e-3;
  spec.jitter = 0.6e-3;
  CHECK_THROWS_WITH_AS(spec.validate(),
                       "NoiseSpec.jitter: expected less than NoiseSpec.period - NoiseSpec.duration = 500us",
                       std::invalid_argument);
  spec.jitter = 0.5e-3; // detours touching end to end: no time left between them
  CHECK_THROWS_WITH_AS(spec.validate(),
                       "NoiseSpec.jitter: expected less than NoiseSpec.period - NoiseSpec.duration = 500us",
                       std::invalid_argument);
  spec.jitter = 0;
  spec.duration = 1e-3; // a detour as long as its period
  CHECK_THROWS_WITH_AS(spec.validate(),
                       "NoiseSpec.duration: expected less than NoiseSpec.period = 1ms (a detour that fills its "
                       "period leaves the resource no time of its own)",
                       std::invalid_argument);
  spec.duration = 0.5e-3;
  spec.jitter = 0;
  spec.share = 0;
  CHECK_THROWS_WITH_AS(spec.validate(), "NoiseSpec.share: must be in (0, 1]", std::invalid_argument);
}
