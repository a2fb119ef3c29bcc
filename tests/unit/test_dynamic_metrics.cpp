// The figures of a dynamic workload (sim/kinds/workload/dynamic_metrics): bounded slowdown as thesis ch. 6 §6.4.1
// defines it, the short and long halves, percentiles, jobs in the system over time, the offered load.
#include "sim/kinds/workload/dynamic_metrics.hpp"
#include "sim/kinds/workload/report.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

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
  CHECK(bounded_slowdown(job(0, 0, 0, 0.05, 0.05), 0.1) == 1);              // a short job: bounded by tau, then 1
  CHECK(bounded_slowdown(job(0, 0, 1, 1.05, 0.05), 0.1) == doctest::Approx(10.5)); // 1.05 / 0.1
  CHECK(std::isnan(bounded_slowdown(job(0, 0, 0, 1, 0), 0.1)));                    // T_d unknown
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

TEST_CASE("saturation: the time of the arrivals' second half with no job waiting; saturated when it is 0")
{
  // Submissions from 0 to 8: the second half is [4, 8]. Jobs wait over [4, 5) and [6, 6.5): empty 2.5 of 4 s.
  const std::vector<JobOutcome> keeps_up = {job(0, 0, 0, 3, 3), job(1, 4, 5, 7, 2), job(2, 6, 6.5, 9, 2),
                                            job(3, 8, 8, 9, 1)};
  const Backlog ok = backlog(keeps_up);
  CHECK(ok.queue_empty_fraction() == doctest::Approx(2.5 / 4));
  CHECK(ok.queue_empty_s == doctest::Approx(2.5));
  CHECK(ok.window_s == 4);
  CHECK(ok.most_waiting == 1);
  CHECK_FALSE(ok.saturated());
  // In the system over [4, 8]: 1 at 4 (job 0 left at 3, job 1 came), 2 at 6, 3 at 6.5... 2 at 7, 3 at 8 (job 3).
  CHECK(ok.least_in_system_late == 1);
  // Job 1 waits from 4 to 9, so the queue never empties in [4, 8]; at 8 three jobs wait.
  const std::vector<JobOutcome> behind = {job(0, 0, 0, 9, 9), job(1, 4, 9, 10, 1), job(2, 6, 10, 11, 1),
                                          job(3, 8, 11, 12, 1)};
  const Backlog sat = backlog(behind);
  CHECK(sat.queue_empty_fraction() == 0);
  CHECK(sat.most_waiting == 3);
  CHECK(sat.saturated());
  CHECK(sat.least_in_system_late == 2); // job 0 runs to 9: with job 1 from 4, then jobs 2 and 3 join
  // At a tie (a departure and an arrival at one instant) the count once both are in: job 1 leaves as job 2 comes.
  CHECK(backlog({job(0, 0, 0, 10, 10), job(1, 1, 1, 6, 5), job(2, 6, 6, 9, 3), job(3, 8, 8, 9, 1)})
            .least_in_system_late == 2);
  // The count at the half's start counts when no step falls on it: 1 over [3, 5) holds at 4, 2 to 4 after it.
  CHECK(backlog({job(0, 0, 0, 10, 10), job(1, 1, 1, 3, 2), job(2, 5, 5, 9, 4), job(3, 6, 6, 9, 3), job(4, 8, 8, 9, 1)})
            .least_in_system_late == 1);
  // A job that starts as it arrives never waits (starts first at a tie), and a job never started waits to the end.
  CHECK(backlog({job(0, 0, 0, 1, 1), job(1, 2, 2, 3, 1)}).queue_empty_fraction() == 1);
  CHECK(backlog({job(0, 0, 0, 1, 1), job(1, 1, -1, -1, 1), job(2, 2, 2, 3, 1)}).saturated());
  // The flag agrees with the time as printed (to the microsecond): empty for 1 us in [4, 8] is not saturated,
  // for 0.1 us it is; one submission instant has no second half and saturates nothing.
  const auto gap = [](double us) {
    return backlog({job(0, 0, 0, 9, 9), job(1, 4, 6 - us * 1e-6, 10, 1), job(2, 6, 10, 11, 1), job(3, 8, 11, 12, 1)});
  };
  CHECK(gap(1).queue_empty_s == doctest::Approx(1e-6));
  CHECK_FALSE(gap(1).saturated());
  CHECK(gap(0.1).saturated());
  CHECK_FALSE(backlog({job(0, 1, 2, 3, 1), job(1, 1, 3, 4, 1)}).saturated());
  // The figures carry it to summary.json.
  const nlohmann::json j = dynamic_json(dynamic_figures(behind, 0.1, 4));
  CHECK(j.at("saturated") == true);
  CHECK(j.at("most_jobs_waiting") == 3);
  CHECK(j.at("queue_empty_late_fraction") == 0.0);
  CHECK(j.at("queue_empty_late_s") == 0.0);
}

TEST_CASE("a study reads its points' jobs back from jobs.csv: the times as written, malformed rows named")
{
  const std::vector<JobOutcome> jobs = {job(0, 0.5, 1.25, 3, 2, 2), job(1, 4, 5, 7.000000001, 2, 4)};
  const auto file = std::filesystem::temp_directory_path() / "bcssim-unit-jobs.csv";
  std::ofstream(file) << jobs_csv(jobs, "", 0.1);
  const std::vector<JobOutcome> back = read_jobs_csv(file);
  REQUIRE(back.size() == 2);
  CHECK(back[1].id == 1);
  CHECK(back[1].processes == 4);
  CHECK(back[0].submit == 0.5);
  CHECK(back[0].start == 1.25);
  CHECK(back[1].end == 7.000000001);
  CHECK(backlog(back).queue_empty_fraction() == backlog(jobs).queue_empty_fraction());
  std::ofstream(file) << "job,processes,submit_s,start_s,end_s\n0,1,0,0,1\n1,2,x,3,4\n";
  CHECK_THROWS_WITH(read_jobs_csv(file), doctest::Contains("bcssim-unit-jobs.csv:3: not a number in '1,2,x,3,4'"));
  std::ofstream(file) << "job,processes,submit_s\n";
  CHECK_THROWS_WITH(read_jobs_csv(file), doctest::Contains(":1: no column 'start_s'"));
  std::filesystem::remove(file);
}
