// OS noise in simulated time (models/noise): a computation is stretched by exactly the detours it overlaps, by
// the share of the CPU they take, on every node at the seeded instants of its own schedule.
#include "models/noise/noise.hpp"
#include "mpi_harness.hpp"
#include "sim/machine/machine_params.hpp"
#include "world_harness.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

using namespace bcssim;
using nlohmann::json;
using test::Baseline;
using test::now;

namespace {

// When `work` seconds of CPU started at 0 end, on a CPU that keeps 1 - share of its speed during each detour of
// `schedule`: the computation's progress summed piece by piece.
double analytic_end(noise::DetourSchedule schedule, double duration, double share, double work)
{
  double t = 0, done = 0;
  for (;;) {
    const double start = schedule.next();
    if (done + (start - t) >= work)
      return t + (work - done);
    done += start - t;
    const double during = duration * (1 - share);
    if (done + during >= work)
      return start + (work - done) / (1 - share);
    done += during;
    t = start + duration;
  }
}

} // namespace

TEST_CASE("aligned CPU noise stretches a 100 ms computation by the 12 detours of 1 ms it meets")
{
  const json noise = {{"noise", {{"cpu", {{"period", "10ms"}, {"duration", "1ms"}, {"phase", "aligned"}}}}}};
  Baseline b(2, 1, noise);
  std::vector<double> end(2);
  b.run([&](mpi::Comm& c) {
    c.compute(0.1);
    end[c.rank()] = now();
  });
  REQUIRE(b.job().finished());
  // Detours at 0, 10, ..., 110 ms: by 112 ms the CPU has worked 112 - 12 = 100 ms. Both nodes detour together.
  CHECK(end[0] == doctest::Approx(0.112).epsilon(1e-9));
  CHECK(end[1] == doctest::Approx(0.112).epsilon(1e-9));
}

TEST_CASE("random-phase jittered CPU noise taking half the CPU delays each node by its own seeded detours")
{
  const json noise = {
      {"seed", 42}, {"noise", {{"cpu", {{"period", "7ms"}, {"duration", "2ms"}, {"jitter", "3ms"}, {"share", 0.5}}}}}};
  Baseline b(4, 1, noise);
  std::vector<double> end(4);
  b.run([&](mpi::Comm& c) {
    c.compute(0.0213);
    end[c.rank()] = now();
  });
  REQUIRE(b.job().finished());
  const noise::NoiseSpec spec = sim::noise_spec(b.scenario, "cpu");
  for (unsigned r = 0; r < 4; ++r) {
    CAPTURE(r);
    const double expected = analytic_end(noise::DetourSchedule(spec, 42, noise::cpu_key(r)), 2e-3, 0.5, 0.0213);
    CHECK(end[r] == doctest::Approx(expected).epsilon(1e-9));
    CHECK(end[r] > 0.0213 + 0.5 * 2 * 2e-3); // at least 2 detours in 20 ms of work
  }
  CAPTURE(end);
  CHECK(*std::min_element(end.begin(), end.end()) < *std::max_element(end.begin(), end.end())); // own phases
}
