// Calibration figures of the raw substrate (issue 4, part 4), in simulated time. One simulation per process:
// CMake registers each TEST_CASE as its own ctest entry.
#include "sim/config/scenario.hpp"
#include "sim/driver/simulation.hpp"
#include "sim/kinds/microbench/kind.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace bcssim::sim;
using nlohmann::json;

namespace {
constexpr double kMiB = 1048576.0;

const Measurement& find(const SimulationResult& r, const std::string& test, const std::string& path,
                        std::uint64_t bytes, unsigned src = 0)
{
  for (const auto& m : microbench_results(*r.run))
    if (m.test == test && m.path == path && m.bytes == bytes && m.src == src)
      return m;
  FAIL("no measurement " << test << " " << path << " " << bytes);
  return microbench_results(*r.run).front();
}

// Substrate measurements only: the collective benchmarks have their own tests (test_collectives.cpp).
json sweep(json platform, json paths)
{
  return {{"platform", std::move(platform)}, {"microbench", {{"paths", std::move(paths)}, {"collectives", false}}}};
}
} // namespace

TEST_CASE("crescendo Elan3lib latency and peak bandwidths")
{
  const auto r = simulate(Scenario::resolve(sweep({{"preset", "crescendo"}}, {"elan-elan", "elan-main", "main-main"}),
                                            {"microbench.distance=false"}));
  // 002 §2.4.1.1: 2.2 us at 0 B, ~2.4 us up to 64 B; peak 335 MB/s Elan to Elan.
  CHECK(find(r, "oneway", "elan-elan", 0).time_ns == 2200);
  CHECK(find(r, "oneway", "elan-elan", 64).time_ns / 1e3 == doctest::Approx(2.4).epsilon(0.05).scale(0));
  CHECK(find(r, "oneway", "elan-elan", 1048576).bandwidth() / 1e6 == doctest::Approx(335).epsilon(0.05).scale(0));
  // 003 Table 6 (MiB/s): 319 Elan-Elan, 305 Elan-main, 290 main-main one way; 128 each way two-way main-main.
  CHECK(find(r, "oneway", "elan-elan", 1048576).bandwidth() / kMiB == doctest::Approx(319).epsilon(0.05).scale(0));
  CHECK(find(r, "oneway", "elan-main", 1048576).bandwidth() / kMiB == doctest::Approx(305).epsilon(0.05).scale(0));
  CHECK(find(r, "oneway", "main-main", 1048576).bandwidth() / kMiB == doctest::Approx(290).epsilon(0.05).scale(0));
  CHECK(find(r, "bidirectional", "main-main", 1048576, 0).bandwidth() / kMiB ==
        doctest::Approx(128).epsilon(0.05).scale(0));
  CHECK(find(r, "bidirectional", "main-main", 1048576, 1).bandwidth() / kMiB ==
        doctest::Approx(128).epsilon(0.05).scale(0));
  // Two-way traffic between Elan memories does not touch PCI: as fast as one way (003 Table 6: 319 both).
  CHECK(find(r, "bidirectional", "elan-elan", 1048576).bandwidth() ==
        doctest::Approx(find(r, "oneway", "elan-elan", 1048576).bandwidth()).epsilon(0.001).scale(0));
}

TEST_CASE("simulated time is the analytic sum exactly")
{
  const auto r = simulate(Scenario::resolve(sweep({{"preset", "crescendo"}}, {"elan-elan"}),
                                            {"microbench.distance=false", "microbench.bidirectional=false"}));
  // 0 B: dma_startup 1853.8 ns + 2 node cables of (580 + 73)/4 + 2.5 m x 3.94 ns/m = 2200 ns.
  CHECK(find(r, "oneway", "elan-elan", 0).time_ns == 2200);
  // 1 MiB: plus size over the payload rate 400 MB/s x 320/378.
  const double expected = 2200e-9 + 1048576.0 / (400e6 * 320.0 / 378.0);
  CHECK(double(find(r, "oneway", "elan-elan", 1048576).time_ns) == doctest::Approx(expected * 1e9).epsilon(1e-9));
}

TEST_CASE("wolverine main to main is limited by its 33 MHz PCI to 200 MB/s")
{
  const auto r = simulate(Scenario::resolve(sweep({{"preset", "wolverine"}}, {"main-main"}),
                                            {"microbench.distance=false", "microbench.bidirectional=false"}));
  CHECK(find(r, "oneway", "main-main", 1048576).bandwidth() / 1e6 == doctest::Approx(200).epsilon(0.05).scale(0));
}

TEST_CASE("worst-case bandwidth vs tree size reproduces Kumar and Kale Table 7")
{
  const auto r = simulate(Scenario::resolve(sweep({{"preset", "asci-q"}, {"nodes", 256}}, {"elan-main"}),
                                            {"microbench.bidirectional=false", "microbench.sizes=[\"0B\"]"}));
  const double expected[] = {300, 292, 267, 233}; // MiB/s at 4, 16, 64, 256 nodes, Elan to main
  unsigned i = 0;
  for (const auto& m : microbench_results(*r.run))
    if (m.test == "distance") {
      CAPTURE(m.dst + 1);
      CHECK(m.bandwidth() / kMiB == doctest::Approx(expected[i]).epsilon(0.05).scale(0));
      ++i;
    }
  CHECK(i == 4);
}

namespace {
// Thesis Table 4.3 on the built platform: cables set so the worst route has L metres, ES45 (asci-q) Elan to main.
void check_table_4_3(unsigned levels, double cable_m, double mbps)
{
  const std::string per_level = std::to_string(cable_m / (2.0 * levels)) + "m";
  const auto r = simulate(Scenario::resolve(
      sweep({{"preset", "asci-q"}, {"nodes", 1u << (2 * levels)}, {"tree", {{"cable_length", per_level}}}},
            {"elan-main"}),
      {"microbench.bidirectional=false", "microbench.sizes=[\"0B\"]"}));
  const Measurement& top = microbench_results(*r.run).back();
  REQUIRE(top.test == "distance");
  CHECK(top.switches == 2 * levels - 1);
  CHECK(top.cable_m == doctest::Approx(cable_m));
  CHECK(top.bandwidth() / 1e6 == doctest::Approx(mbps).epsilon(0.05).scale(0));
}
} // namespace

TEST_CASE("thesis Table 4.3 on the platform 4 nodes") { check_table_4_3(1, 10, 320); }
TEST_CASE("thesis Table 4.3 on the platform 4 nodes 50m") { check_table_4_3(1, 50, 291); }
TEST_CASE("thesis Table 4.3 on the platform 64 nodes") { check_table_4_3(3, 10, 298); }
TEST_CASE("thesis Table 4.3 on the platform 64 nodes 50m") { check_table_4_3(3, 50, 228); }
TEST_CASE("thesis Table 4.3 on the platform 1024 nodes") { check_table_4_3(5, 10, 232); }
TEST_CASE("thesis Table 4.3 on the platform 1024 nodes 50m") { check_table_4_3(5, 50, 187); }
TEST_CASE("thesis Table 4.3 on the platform 4096 nodes") { check_table_4_3(6, 10, 209); }
TEST_CASE("thesis Table 4.3 on the platform 4096 nodes 50m") { check_table_4_3(6, 50, 172); }
