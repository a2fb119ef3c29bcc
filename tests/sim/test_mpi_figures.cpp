// Figures of the MPI microbenchmarks (kind mpi_microbench) on the baseline, against Kumar & Kalé (003 §2.2,
// Table 6) and the thesis excerpt (002 §2.4.2.2): whole simulations through sim::simulate, as the CLI runs them.
#include "sim/driver/simulation.hpp"
#include "sim/kinds/mpi_microbench/kind.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace bcssim;
using nlohmann::json;

namespace {

std::vector<sim::MpiMeasurement> run(json bench, json platform = {{"preset", "asci-q"}, {"nodes", 64}},
                                     json quadrics = json::object())
{
  json s = {{"kind", "mpi_microbench"}, {"platform", platform}, {"mpi_microbench", bench}};
  if (!quadrics.empty())
    s["quadrics"] = quadrics;
  return sim::mpi_bench_results(*sim::simulate(sim::Scenario::resolve(s, {})).run);
}

const sim::MpiMeasurement& find(const std::vector<sim::MpiMeasurement>& runs, const std::string& test,
                                unsigned processes = 2)
{
  auto it = std::find_if(runs.begin(), runs.end(),
                         [&](const auto& m) { return m.test->name == test && m.processes == processes; });
  REQUIRE(it != runs.end());
  return *it;
}

constexpr double MiB = 1048576.0;

} // namespace

// 003 §2.2 / Table 6: 290 MB/s (MB = 2^20 B there) main to main one way, 128 each way both ways at once.
TEST_CASE("MPI bandwidth of 1 MiB messages is 290 MiB/s one way and 128 MiB/s each way both ways")
{
  const auto runs =
      run({{"tests", {"bandwidth", "bidirectional"}}, {"sizes", {"1MiB"}}, {"iterations", 3}, {"window", 16}});
  CHECK(find(runs, "bandwidth").bandwidth() / MiB == doctest::Approx(290).epsilon(0.03).scale(0));
  CHECK(find(runs, "bidirectional").bandwidth() / MiB == doctest::Approx(128).epsilon(0.03).scale(0));
}

// 002 §2.4.2.2: the Elanlib hardware barrier takes 10 us on 1024 ASCI Q nodes; MPI_Barrier adds the library
// call (quadrics.host_overhead = 0.49 us).
TEST_CASE("MPI hardware barrier on 1024 ASCI Q nodes takes 10 us plus the library call")
{
  const json platform = {{"preset", "asci-q"}, {"nodes", 1024}, {"pes_per_node", 1}};
  const auto runs = run({{"tests", {"barrier"}}, {"processes", {1024}}, {"iterations", 5}}, platform);
  CHECK(find(runs, "barrier", 1024).latency_us() == doctest::Approx(10.0 + 0.49).epsilon(0.05).scale(0));
}

// MPICH 1.2's software barrier: log2(256) = 8 rounds of zero-byte exchanges, each about one MPI latency
// (4.4 us at 0 B) plus the exchange's second receive: 32 to 64 us, several times the hardware barrier.
TEST_CASE("MPI software barrier on 256 ASCI Q nodes takes 8 rounds of exchanges")
{
  const json platform = {{"preset", "asci-q"}, {"nodes", 256}, {"pes_per_node", 1}};
  const auto runs = run({{"tests", {"barrier"}}, {"processes", {256}}, {"iterations", 2}}, platform,
                        {{"hardware_collectives", false}});
  const double us = find(runs, "barrier", 256).latency_us();
  CHECK(us > 32);
  CHECK(us < 64);
}
