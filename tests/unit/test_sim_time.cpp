// base/sim_time.hpp: the limit of simulated time, checked by every conversion to integer nanoseconds.
#include "base/sim_time.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace bcssim;

TEST_CASE("to_ns converts within the limit of simulated time and refuses past it instead of wrapping")
{
  CHECK(base::to_ns(0) == 0);
  CHECK(base::to_ns(1.5e-9) == 2);
  CHECK(base::to_ns(base::kMaxSimulatedSeconds) == 4'000'000'000'000'000'000);
  CHECK(base::to_ns(-base::kMaxSimulatedSeconds) == -4'000'000'000'000'000'000);
  // 2 x the limit still fits in 64 bits: a sum or difference of two times does not wrap.
  CHECK(2 * base::kMaxSimulatedSeconds * 1e9 < double(std::numeric_limits<std::int64_t>::max()));
  for (double past : {base::kMaxSimulatedSeconds * (1 + 1e-15), 9.3e9, 1e21, std::numeric_limits<double>::infinity(),
                      std::nan("")}) {
    CAPTURE(past);
    CHECK_THROWS_AS(base::to_ns(past), base::SimTimeLimitError);
  }
  try {
    base::to_ns(1e21);
  } catch (const base::SimTimeLimitError& e) {
    CHECK(e.error.path == "simulated time");
    CHECK(e.error.value == "1e21 s");
    CHECK(e.error.allowed == "at most 4e9 s (about 127 years), the limit of simulated time: results count integer "
                             "nanoseconds (docs/model.md)");
  }
}

TEST_CASE("short_number: %g without a plus sign or exponent zeros")
{
  CHECK(base::short_number(4e9) == "4e9");
  CHECK(base::short_number(1e-5) == "1e-5");
  CHECK(base::short_number(1e21) == "1e21");
  CHECK(base::short_number(4000) == "4000");
  CHECK(base::short_number(0.25) == "0.25");
  CHECK(base::short_number(1e300) == "1e300");
}
