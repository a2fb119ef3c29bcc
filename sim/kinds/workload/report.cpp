#include "sim/kinds/workload/report.hpp"

#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {

WorkloadFigures workload_figures(const std::vector<JobOutcome>& jobs, unsigned machine_pes)
{
  WorkloadFigures f;
  if (jobs.empty())
    return f;
  double first = jobs.front().submit, last = 0, held = 0, response = 0;
  for (const JobOutcome& j : jobs) {
    first = std::min(first, j.submit);
    last = std::max(last, j.end);
    held += double(j.processes) * (j.end - j.start);
    response += j.end - j.submit;
  }
  f.turnaround = last - first;
  f.mean_response = response / double(jobs.size());
  f.utilization = f.turnaround > 0 ? held / (double(machine_pes) * f.turnaround) : 0;
  return f;
}

std::string jobs_csv(const std::vector<JobOutcome>& jobs, const std::string& algorithm)
{
  std::string out = (algorithm.empty() ? "" : "algorithm,") +
                    std::string("job,app,processes,submit_s,start_s,end_s,wait_s,run_s,response_s\n");
  for (const JobOutcome& j : jobs)
    out += fmt::format("{}{},{},{},{:.9f},{:.9f},{:.9f},{:.9f},{:.9f},{:.9f}\n",
                       algorithm.empty() ? "" : algorithm + ",", j.id, j.app, j.processes, j.submit, j.start, j.end,
                       j.start - j.submit, j.end - j.start, j.end - j.submit);
  return out;
}

void write_gantt(const ResultsDir& dir, const std::vector<JobOutcome>& jobs, unsigned nodes, unsigned pes_per_node,
                 const std::string& title)
{
  std::string csv = "row,node,pe,job,from_s,to_s\n";
  for (const JobOutcome& j : jobs)
    for (const storm::PeId& p : j.pes)
      csv += fmt::format("{},{},{},{},{:.9f},{:.9f}\n", p.node * pes_per_node + p.pe, p.node, p.pe, j.id, j.start,
                         j.end);
  dir.write("gantt.csv", csv);
  std::string ytics;
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p = 0; p < pes_per_node; ++p)
      ytics += fmt::format("{}'node {} PE {}' {}", ytics.empty() ? "" : ", ", n, p, n * pes_per_node + p);
  const std::string body =
      "  plot 'gantt.csv' using (($5+$6)/2):1:(($6-$5)/2):(0.4):($4+1) skip 1 with boxxyerror fs solid 0.6 "
      "lc variable notitle, \\\n"
      "       '' using (($5+$6)/2):1:(sprintf('job %d', $4)) skip 1 with labels notitle\n";
  const std::string gp = fmt::format(
      "# {0}: which job holds each PE over time. Regenerate with: gnuplot gantt.gp\n"
      "set datafile separator ','\nset grid x\nset xlabel 'time (s)'\nset title '{0}'\n"
      "set yrange [-0.6:{1}.6]\nset ytics ({2})\nset xrange [0:*]\n{3}",
      title, nodes * pes_per_node - 1, ytics, svg_and_png("gantt", 900, 200 + 40 * int(nodes * pes_per_node), body, true));
  dir.write("gantt.gp", gp);
  render_gnuplot(dir.path("gantt.gp").parent_path(), "gantt.gp");
}

} // namespace bcssim::sim
