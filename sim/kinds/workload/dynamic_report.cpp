#include "sim/kinds/workload/dynamic_report.hpp"

#include "sim/kinds/workload/dynamic_metrics.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

namespace bcssim::sim {

void write_dynamic_outputs(const ResultsDir& dir, const std::vector<JobOutcome>& jobs, const std::string& title)
{
  dir.write("jobs_in_system.csv", jobs_in_system_csv(jobs));
  dir.write("jobs_in_system.gp",
            fmt::format("# Jobs arrived and not finished over time (thesis Fig. 6.11). Regenerate with: gnuplot "
                        "jobs_in_system.gp\nset datafile separator ','\nset title '{}'\n"
                        "set xlabel 'time (s)'\nset ylabel 'jobs in the system'\nset grid\nset key off\n"
                        "set yrange [0:*]\n{}",
                        gp_title(title + ": jobs in the system", 900),
                        svg_and_png("jobs_in_system", 900, 420,
                                    "  plot 'jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.5 lc 1\n")));
  dir.render("jobs_in_system.gp");
  dir.write("response_cdf.csv", response_cdf_csv(jobs));
  dir.write(
      "response_cdf.gp",
      fmt::format("# Cumulative distribution of the response times of the short and the long half of the jobs "
                  "(by dedicated run time; thesis Fig. 6.13). Regenerate with: gnuplot response_cdf.gp\n"
                  "set datafile separator ','\nset title '{}'\nset xlabel 'response time "
                  "(s)'\nset ylabel 'fraction of the half'\nset logscale x\nset grid\nset key bottom right\n"
                  "set yrange [0:1]\n{}",
                  gp_title(title + ": response time CDF", 900),
                  svg_and_png("response_cdf", 900, 420,
                              "  plot 'response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps "
                              "lw 1.5 lc 1 title 'short half', \\\n"
                              "       '' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.5 lc 2 "
                              "title 'long half'\n")));
  dir.render("response_cdf.gp");
}

} // namespace bcssim::sim
