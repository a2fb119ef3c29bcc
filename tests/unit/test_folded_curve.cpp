// The message-level tier's delays by message size (models/elan3/tports/folded_costs.hpp): exact at the measured
// sizes, linear between them, extended past the ends with the nearest segment's slope, never negative.
#include "models/elan3/tports/folded_costs.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

using bcssim::elan3::tports::FoldedCurve;

TEST_CASE("a folded delay is exact at its measured sizes and linear between them")
{
  const FoldedCurve c({{0, 1e-6}, {100, 2e-6}, {300, 2e-6}});
  CHECK(c.at(0) == 1e-6);
  CHECK(c.at(100) == 2e-6);
  CHECK(c.at(300) == 2e-6);
  CHECK(c.at(50) == doctest::Approx(1.5e-6).epsilon(1e-12));
  CHECK(c.at(200) == doctest::Approx(2e-6).epsilon(1e-12));
}

TEST_CASE("past the last measured size a folded delay keeps the last segment's slope; it is never negative")
{
  const FoldedCurve rising({{4097, 10e-6}, {8192, 20e-6}});
  CHECK(rising.at(8192 + 4095) == doctest::Approx(30e-6).epsilon(1e-9));
  CHECK(rising.at(0) == 0); // extended below its first size it would be negative: 0
  const FoldedCurve falling({{0, 1e-6}, {10, 0.5e-6}});
  CHECK(falling.at(1000) == 0);
}

TEST_CASE("an empty folded delay is zero; one point is a constant; sizes must increase")
{
  CHECK(FoldedCurve().at(12345) == 0);
  CHECK(FoldedCurve({{64, 3e-6}}).at(1 << 20) == 3e-6);
  CHECK_THROWS_AS(FoldedCurve({{64, 1e-6}, {64, 2e-6}}), std::invalid_argument);
}
