// The figures of a dynamic workload (sim/kinds/workload/dynamic_metrics): bounded slowdown as thesis ch. 6 §6.4.1
// defines it, the short and long halves, percentiles, jobs in the system over time, the offered load.
#include "sim/kinds/workload/dynamic_metrics.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace bcssim::sim;

namespace {
JobOutcome job(int id, double submit, double start, double end, double dedicated, unsigned processes = 1)
{
  JobOutcome j;
  j.id = id;
  j.submit = submit;
  j.start = start;
  j.end = end;
  j.dedicated = dedicated;
  j.processes = processes;
  return j;
}
} // namespace

TEST_CASE("bounded slowdown: max{(T_w + T_r) / max{T_d, tau}, 1}")
{
  CHECK(bounded_slowdown(job(0, 0, 1, 3, 2), 0.1) == doctest::Approx(1.5)); // waited 1, ran 2: 3 / 2
  CHECK(bounded_slowdown(job(0, 0, 0, 0.05, 0.05), 0.1) == 1);             // a short job: bounded by tau, then 1
  CHECK(bounded_slowdown(job(0, 0, 1, 1.05, 0.05), 0.1) == doctest::Approx(10.5)); // 1.05 / 0.1
  CHECK(std::isnan(bounded_slowdown(job(0, 0, 0, 1, 0), 0.1)));                   // T_d unknown
}

TEST_CASE("dynamic figures: halves by dedicated time, percentiles, jobs in the system, offered load")
{
  // Four jobs on a 4-PE machine; dedicated times 1, 4, 2, 8; the short half is jobs 0 and 2.
  const std::vector<JobOutcome> jobs = {job(0, 0, 0, 1, 1, 2), job(1, 1, 1, 6, 4, 4), job(2, 2, 6, 8, 2, 1),
                                        job(3, 4, 8, 16, 8, 2)};
  const std::vector<bool> shorts = short_half(jobs);
  CHECK(shorts == std::vector<bool>{true, false, true, false});
  const DynamicFigures f = dynamic_figures(jobs, 0.1, 4);
  // Responses 1, 5, 6, 12.
  CHECK(f.response.count == 4);
  CHECK(f.response.mean == doctest::Approx(6));
  CHECK(f.response.median == doctest::Approx(5.5));
  CHECK(f.response.p25 == doctest::Approx(4)); // 1 + 0.75 x (5 - 1)... at 0.75 of the way from order 0 to 1
  CHECK(f.response_short.mean == doctest::Approx(3.5));
  CHECK(f.response_long.mean == doctest::Approx(8.5));
  // Slowdowns 1, 1.25, 3, 1.5.
  CHECK(f.slowdown.mean == doctest::Approx((1 + 1.25 + 3 + 1.5) / 4));
  CHECK(f.slowdown_short.mean == doctest::Approx(2));
  // Work 1x2 + 4x4 + 2x1 + 8x2 = 36 PE-s over 4 PEs x 4 s of submissions.
  CHECK(f.offered_load == doctest::Approx(36.0 / 16));
  // In the system: 1 at 0, 0 at 1 (departure first), 1, 2 at 2, 3 at 4, 2 at 6, 1 at 8, 0 at 16.
  CHECK(f.most_in_system == 3);
  CHECK(jobs_in_system_csv(jobs) == "time_s,jobs_in_system\n0.000000000,1\n1.000000000,0\n1.000000000,1\n"
                                    "2.000000000,2\n4.000000000,3\n6.000000000,2\n8.000000000,1\n16.000000000,0\n");
  CHECK(response_cdf_csv(jobs) == "half,response_s,fraction\nshort,1.000000000,0.500000\nshort,6.000000000,1.000000\n"
                                  "long,5.000000000,0.500000\nlong,12.000000000,1.000000\n");
  // Without dedicated times there are no halves, no slowdown and no offered load.
  const DynamicFigures none = dynamic_figures({job(0, 0, 0, 1, 0)}, 0.1, 4);
  CHECK(none.slowdown.count == 0);
  CHECK(none.response_short.count == 0);
  CHECK(none.offered_load == 0);
}
