#include "sim/kinds/workload/study_report.hpp"

#include "storm/algorithms.hpp"

#include "sim/kinds/workload/dynamic_study.hpp"
#include "sim/kinds/workload/report.hpp"
#include "sim/output/csv.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {

namespace {

// A table of jobs lists each one's end up to this many jobs; a dynamic workload's are in each point's jobs.csv.
constexpr std::size_t kJobColumns = 16;

// The dynamic workload figures of each point (thesis ch. 6 §6.4): columns of algorithms.csv.
const char* const kDynamicColumns[][3] = {{"response_s", "mean", "mean_response_s"},
                                          {"response_s", "median", "median_response_s"},
                                          {"response_short_s", "mean", "mean_response_short_s"},
                                          {"response_long_s", "mean", "mean_response_long_s"},
                                          {"bounded_slowdown", "mean", "mean_bounded_slowdown"},
                                          {"bounded_slowdown", "median", "median_bounded_slowdown"},
                                          {"bounded_slowdown_short", "mean", "mean_bounded_slowdown_short"},
                                          {"bounded_slowdown_long", "mean", "mean_bounded_slowdown_long"}};

} // namespace

void workload_study_report(const ResultsDir& dir, const std::vector<StudyPoint>& points, nlohmann::json& summary)
{
  // Points merged from an earlier version's runs: their Gantt charts drawn as this version draws them.
  for (const StudyPoint& p : points)
    redraw_gantt(dir, p.folder + "/", unsigned(p.summary.at("scenario").at("platform").at("nodes").get<int>()),
                 unsigned(p.summary.at("scenario").at("platform").at("pes_per_node").get<int>()));
  std::size_t jobs = 0;
  bool dynamic = !points.empty();
  for (const StudyPoint& p : points) {
    jobs = std::max(jobs, p.summary.at("workload").at("per_job").size());
    dynamic = dynamic && p.summary.at("workload").contains("dynamic");
  }
  if (jobs > kJobColumns)
    jobs = 0;
  // The swept dimensions other than the algorithm and its MPI (e.g. the communication pattern) name each point.
  auto others = [](const StudyPoint& p) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& c : p.coordinates) // (a swept list of jobs is too long to name a point by)
      if (c.first != "scheduler.algorithm" && c.first != "mpi" && c.first != "workload.jobs")
        out.push_back(c);
    return out;
  };
  std::string csv = "point";
  if (!points.empty())
    for (const auto& c : others(points.front()))
      csv += "," + c.first;
  csv += ",algorithm,mpi";
  for (std::size_t j = 0; j < jobs; ++j)
    csv += fmt::format(",job{}_end_s", j);
  csv += ",turnaround_s,mean_response_s,utilization";
  if (dynamic) {
    for (const auto& c : kDynamicColumns)
      if (std::string(c[2]) != "mean_response_s")
        csv += std::string(",") + c[2];
    csv += ",offered_load,most_jobs_in_system,least_jobs_in_system_late,most_jobs_waiting,queue_empty_late_s,"
           "queue_empty_late_fraction,saturated";
  }
  // The backlog of each point, from the jobs.csv it wrote (points merged from an older run lack it in summary.json).
  std::vector<Backlog> backlogs;
  if (dynamic)
    for (const StudyPoint& p : points)
      backlogs.push_back(backlog(read_jobs_csv(dir.path(p.folder + "/jobs.csv"))));
  csv += "\n";
  nlohmann::json table = nlohmann::json::array();
  std::string data = "# point label turnaround_s mean_response_s\n";
  std::vector<std::string> names; // each point's label on the x axis
  for (std::size_t i = 0; i < points.size(); ++i) {
    const nlohmann::json& w = points[i].summary.at("workload");
    const std::string algorithm = w.at("algorithm").get<std::string>();
    const std::string mpi = w.at("mpi").get<std::string>();
    // An algorithm that runs on any MPI (space sharing) is told apart by the MPI it ran on.
    std::string name =
        storm::algorithm(algorithm).mpi == storm::MpiNeed::any ? algorithm + " (" + mpi + ")" : algorithm;
    csv += fmt::format("{}", i);
    for (const auto& c : others(points[i])) {
      csv += "," + c.second;
      name += " " + c.first.substr(c.first.rfind('.') + 1) + "=" + c.second;
    }
    csv += "," + csv_cell(algorithm) + "," + csv_cell(mpi);
    for (std::size_t j = 0; j < jobs; ++j)
      csv += j < w.at("per_job").size() ? fmt::format(",{:.4f}", w.at("per_job")[j].at("end_s").get<double>()) : ",";
    const double turnaround = w.at("turnaround_s").get<double>();
    const double response = w.at("mean_response_s").get<double>();
    csv += fmt::format(",{:.4f},{:.4f},{:.4f}", turnaround, response, w.at("utilization").get<double>());
    if (dynamic) {
      const nlohmann::json& d = w.at("dynamic");
      for (const auto& c : kDynamicColumns)
        if (std::string(c[2]) != "mean_response_s")
          csv += fmt::format(",{:.4f}", d.at(c[0]).at(c[1]).get<double>());
      csv += fmt::format(",{:.4f},{},{},{},{:.6f},{:.6f},{}", d.at("offered_load").get<double>(),
                         d.at("most_jobs_in_system").get<int>(), backlogs[i].least_in_system_late,
                         backlogs[i].most_waiting, backlogs[i].queue_empty_s, backlogs[i].queue_empty_fraction(),
                         backlogs[i].saturated() ? "yes" : "no");
    }
    csv += "\n";
    table.push_back({{"point", i},
                     {"name", name},
                     {"algorithm", algorithm},
                     {"mpi", mpi},
                     {"turnaround_s", turnaround},
                     {"mean_response_s", response}});
    data += fmt::format("{} {} {:.4f} {:.4f}\n", i, gp_data_string(name), turnaround, response);
    names.push_back(name);
  }
  dir.write("algorithms.csv", csv);
  summary["workloads"] = table;
  dir.write("algorithms.dat", data);
  const std::string body =
      "  plot 'algorithms.dat' using 3:xtic(2) title 'turnaround' lc 1, \\\n"
      "       '' using 4 title 'mean response' lc 2, \\\n"
      // Values upright above their bars, to 3 significant digits (0.4413 and 0.4331 differ; neighbours never
      // overlap).
      "       '' using ($0-0.17):3:(abs($3) >= 100 ? sprintf('%.0f', $3) : sprintf('%#.3g', $3)) with labels rotate by "
      "90 left offset 0,0.3 font ',8' "
      "notitle, \\\n"
      "       '' using ($0+0.17):4:(abs($4) >= 100 ? sprintf('%.0f', $4) : sprintf('%#.3g', $4)) with labels rotate by "
      "90 left offset 0,0.3 font ',8' "
      "notitle\n";
  // Room for the rotated point names: on the left for the first one, below for the longest (in characters of the
  // 11-point font, the names being 9-point at 45 degrees).
  std::size_t longest = 0;
  for (const std::string& n : names)
    longest = std::max(longest, n.size());
  const std::size_t first = names.empty() ? 0 : names.front().size();
  const int lmargin = std::max(10, int(0.6 * double(first)) + 2);
  const int bmargin = std::max(6, int(0.25 * double(longest)) + 3); // lines: the key goes under the names
  const int width = std::max(700, 70 * int(points.size()) + 100);
  const std::string gp = fmt::format("# Turnaround and mean response time per point. Regenerate with: gnuplot "
                                     "algorithms.gp\n"
                                     "set title '{}'\n"
                                     "set ylabel 'time (s)'\nset yrange [0:*]\nset offsets 0, 0, graph 0.1, 0\n"
                                     "set style data histograms\nset style histogram clustered gap 1\n"
                                     "set style fill solid 0.7 border -1\nset boxwidth 0.9\n"
                                     "set key outside bottom center horizontal\nset grid ytics\n"
                                     "set xtics rotate by 45 right font ',9'\n"
                                     "set lmargin {}\nset bmargin {}\n{}",
                                     gp_title(dir.title() + ": turnaround and mean response time", width), lmargin,
                                     bmargin, svg_and_png("algorithms", width, 560, body));
  dir.write("algorithms.gp", gp);
  dir.render("algorithms.gp");
  if (dynamic) {
    summary["saturation"] = saturation_by_series(points, backlogs);
    write_dynamic_study_plots(dir, points, backlogs, dir.title());
  }
}

} // namespace bcssim::sim
