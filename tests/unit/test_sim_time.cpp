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
  for (double past :
       {base::kMaxSimulatedSeconds * (1 + 1e-15), 9.3e9, 1e21, std::numeric_limits<double>::infinity(), std::nan("")}) {
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

TEST_CASE("to_ns rounds as std::llround: halves away from zero, exactly, over the whole range")
{
  std::uint64_t x = 88172645463325252ULL; // xorshift64: bcs-sim's generators are its own (no std:: distributions)
  const auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (int i = 0; i < 200000; ++i) {
    // Random instants across the range, and halves and their neighbours (where rounding decides).
    const double scale = std::pow(10.0, double(next() % 19) - 9); // 1e-9 .. 1e9 s
    double t = double(next() >> 11) * 0x1.0p-53 * scale * ((next() & 1) != 0 ? 1 : -1);
    if (i % 4 == 1)
      t = (std::floor(t * 1e9) + 0.5) / 1e9;
    if (i % 4 == 2)
      t = std::nextafter(t, 0.0);
    CAPTURE(t);
    CHECK(base::to_ns(t) == std::llround(t * 1e9));
  }
  for (double t : {0.5e-9, -0.5e-9, 2.5e-9, -2.5e-9, 0x1.fffffffffffffp-2 * 1e-9, 4503599627370495.5e-9,
                   9007199254740993e-9, base::kMaxSimulatedSeconds, -base::kMaxSimulatedSeconds}) {
    CAPTURE(t);
    CHECK(base::to_ns(t) == std::llround(t * 1e9));
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
