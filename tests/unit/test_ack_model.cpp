#include "models/qsnet/ack_model.hpp"

#include <doctest/doctest.h>

using namespace bcssim::qsnet;

namespace {
// Catalogue defaults (sim/catalogue/catalogue.cpp): thesis §4.3.2.2 via DESIGN §3.
const LinkTiming kTiming{400e6, 320, 58, 953e-9, 580e-9, 3.94e-9, 73e-9, 320e6};
} // namespace

TEST_CASE("the ack-limited formula reproduces the thesis's Table 4.3 within 1 MB/s")
{
  struct Row {
    unsigned levels;
    double cable_m;
    double mbps;
  };
  // (10 m / 50 m cables) 4 nodes 320/291, 64 nodes 298/228, 1024 nodes 232/187, 4096 nodes 209/172 (DESIGN §3).
  const Row rows[] = {{1, 10, 320}, {1, 50, 291}, {3, 10, 298}, {3, 50, 228},
                      {5, 10, 232}, {5, 50, 187}, {6, 10, 209}, {6, 50, 172}};
  for (const Row& r : rows) {
    CAPTURE(r.levels);
    CAPTURE(r.cable_m);
    CHECK(thesis_bandwidth(kTiming, r.cable_m, 2 * r.levels - 1) / 1e6 ==
          doctest::Approx(r.mbps).epsilon(0.0035).scale(0));
  }
}

TEST_CASE("platform bandwidth: window bound, capped by the payload rate")
{
  CHECK(payload_bandwidth(kTiming) == doctest::Approx(400e6 * 320 / 378));
  CHECK(ack_window(kTiming) == doctest::Approx(304.96));
  // Short route: packet-limited at the payload rate (338.6 MB/s; the thesis's asymptote is 320).
  CHECK(platform_bandwidth(kTiming, 5, 1) == doctest::Approx(payload_bandwidth(kTiming)));
  // Long route: identical to the thesis formula.
  CHECK(platform_bandwidth(kTiming, 50, 11) == doctest::Approx(thesis_bandwidth(kTiming, 50, 11)));
}
