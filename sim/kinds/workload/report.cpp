#include "sim/kinds/workload/report.hpp"
#include "base/input_file.hpp"

#include "sim/kinds/workload/dynamic_metrics.hpp"
#include "sim/output/csv.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string_view>

namespace bcssim::sim {

WorkloadFigures workload_figures(const std::vector<JobOutcome>& jobs, const std::vector<GanttBox>& boxes,
                                 unsigned machine_pes)
{
  WorkloadFigures f;
  if (jobs.empty())
    return f;
  double first = jobs.front().submit, last = 0, held = 0, response = 0;
  for (const JobOutcome& j : jobs) {
    first = std::min(first, j.submit);
    last = std::max(last, j.end);
    response += j.end - j.submit;
  }
  for (const GanttBox& b : boxes)
    held += b.to - b.from;
  f.turnaround = last - first;
  f.mean_response = response / double(jobs.size());
  f.utilization = f.turnaround > 0 ? held / (double(machine_pes) * f.turnaround) : 0;
  return f;
}

std::string classes_csv(const std::vector<storm::NodeManager::ClassChange>& classes)
{
  std::string out = "job,rank,from_s,class\n";
  for (const auto& c : classes)
    out += fmt::format("{},{},{:.9f},{}\n", c.who.job, c.who.rank, c.at, csv_cell(storm::to_string(c.cls)));
  return out;
}

std::string jobs_csv(const std::vector<JobOutcome>& jobs, const std::string& algorithm, double tau)
{
  // launch.model = storm: how long after its start each job's processes were launched.
  const bool launched = std::any_of(jobs.begin(), jobs.end(), [](const JobOutcome& j) { return j.launched >= 0; });
  std::string out = (algorithm.empty() ? "" : "algorithm,") +
                    std::string("job,app,processes,submit_s,start_s,end_s,wait_s,run_s,response_s,dedicated_s,"
                                "bounded_slowdown") +
                    (launched ? ",launch_s\n" : "\n");
  for (const JobOutcome& j : jobs) {
    const double slowdown = bounded_slowdown(j, tau);
    out += fmt::format("{}{},{},{},{:.9f},{:.9f},{:.9f},{:.9f},{:.9f},{:.9f},{},{}{}\n",
                       algorithm.empty() ? "" : csv_cell(algorithm) + ",", j.id, csv_cell(j.app), j.processes, j.submit,
                       j.start, j.end, j.start - j.submit, j.end - j.start, j.end - j.submit,
                       j.dedicated > 0 ? fmt::format("{:.9f}", j.dedicated) : "",
                       std::isnan(slowdown) ? "" : fmt::format("{:.6f}", slowdown),
                       !launched         ? ""
                       : j.launched >= 0 ? fmt::format(",{:.9f}", j.launched - j.start)
                                         : ",");
  }
  return out;
}

std::vector<JobOutcome> read_jobs_csv(const std::filesystem::path& file)
{
  const report::Csv csv = report::read_csv(file, file.string());
  auto column = [&](const std::string& name) {
    const auto it = std::find(csv.header.begin(), csv.header.end(), name);
    if (it == csv.header.end())
      throw std::runtime_error(file.string() + ":1: no column '" + name + "'");
    return std::size_t(it - csv.header.begin());
  };
  const std::size_t id = column("job"), processes = column("processes"), submit = column("submit_s"),
                    start = column("start_s"), end = column("end_s");
  std::vector<JobOutcome> jobs;
  for (std::size_t k = 0; k < csv.rows.size(); ++k) {
    const std::vector<std::string>& cells = csv.rows[k];
    JobOutcome j;
    try {
      j.id = std::stoi(cells[id]);
      j.processes = unsigned(std::stoul(cells[processes]));
      j.submit = std::stod(cells[submit]);
      j.start = std::stod(cells[start]);
      j.end = std::stod(cells[end]);
    } catch (const std::exception&) {
      throw std::runtime_error(
          fmt::format("{}:{}: not a number in '{}'", file.string(), csv.row_lines[k], csv_row(cells)));
    }
    jobs.push_back(j);
  }
  return jobs;
}

namespace {

// Job j's boxes take palette colour j mod kPaletteColours (gnuplot's own linetypes repeat every 8).
// One key entry per job in the colour of its boxes, when no two jobs share a colour; else one line saying so
// (the boxes wide enough carry their job's number).
std::string key_entries(const std::vector<GanttBox>& boxes)
{
  std::set<int> jobs;
  for (const GanttBox& b : boxes)
    jobs.insert(b.job);
  if (jobs.size() > kPaletteColours) // the x label says so; no key to narrow the chart
    return "";
  std::string out;
  for (int j : jobs)
    out += fmt::format(", \\\n       NaN with boxes fs solid 0.6 lc rgb C[{}] title 'job {}'",
                       std::size_t(j) % kPaletteColours + 1, j);
  return out;
}

// The script's first line: "# TITLE" and this; merge reads the title back from it (redraw_gantt). TITLE is
// gp_text's (quotes doubled, on one line), which an earlier version also wrapped as the chart's title
// (gnuplot_title_text undoes both).
constexpr const char* kGanttTail = ": which job holds each PE over time. Regenerate with: gnuplot gantt.gp";
constexpr int kGanttWidth = 900;
// A key beside the chart ("job 12" and its sample) moves the centre gnuplot puts the title on left by half its
// width: the title fits the canvas less that (sim/study/study_plot.cpp says the same of a study's plot).
constexpr int kGanttKeyPixels = 120;
constexpr std::string_view kJoin = "' . \"\\n\" . '"; // gp_title's line break

// The title as given, from the script's first line: its quotes undoubled and an earlier version's line breaks
// joined (gp_title broke after ", ", dropping the blank, or before a blank).
std::string gnuplot_title_text(std::string_view written)
{
  std::string out;
  for (std::size_t i = 0; i < written.size();) {
    if (written.substr(i, kJoin.size()) == kJoin) {
      i += kJoin.size();
      if (!out.empty() && out.back() == ',' && i < written.size() && written[i] != ' ')
        out += ' ';
    } else if (written.substr(i, 2) == "''") {
      out += '\'';
      i += 2;
    } else
      out += written[i++];
  }
  return out;
}

std::string gantt_csv(const std::vector<GanttBox>& boxes, unsigned pes_per_node)
{
  std::string csv = "row,node,pe,job,from_s,to_s\n";
  for (const GanttBox& b : boxes)
    csv += fmt::format("{},{},{},{},{:.9f},{:.9f}\n", b.pe.node * pes_per_node + b.pe.pe, b.pe.node, b.pe.pe, b.job,
                       b.from, b.to);
  return csv;
}

std::string gantt_gp(const std::vector<GanttBox>& boxes, unsigned nodes, unsigned pes_per_node,
                     const std::string& title)
{
  std::string ytics;
  for (unsigned n = 0; n < nodes; ++n)
    for (unsigned p = 0; p < pes_per_node; ++p)
      ytics += fmt::format("{}'node {} PE {}' {}", ytics.empty() ? "" : ", ", n, p, n * pes_per_node + p);
  const std::string key = key_entries(boxes);
  double span = 0; // a box is labelled when it is wide enough for its label
  for (const GanttBox& b : boxes)
    span = std::max(span, b.to);
  const std::string body = fmt::format(
      "  plot 'gantt.csv' using (($5+$6)/2):1:(($6-$5)/2):(0.4):(C[int($4) % {0} + 1]) skip 1 with boxxyerror fs "
      "solid 0.6 lc rgb variable notitle, \\\n"
      "       '' using (($5+$6)/2):1:(($6-$5) > {1:.9f} ? sprintf('job %d', $4) : '') skip 1 with labels notitle{2}\n",
      kPaletteColours, 0.08 * span, key);
  const std::string gp = fmt::format(
      "# {0}{6}\n"
      "set datafile separator ','\nset grid x\nset key outside right top\nset xlabel '{5}'\nset title '{7}'\n"
      "set yrange [-0.6:{1}.6]\nset ytics ({2})\nset xrange [0:*]\n{4}{3}",
      gp_text(title), nodes * pes_per_node - 1, ytics,
      svg_and_png("gantt", kGanttWidth, 200 + 40 * int(nodes * pes_per_node), body), gp_palette_array("C"),
      key.empty()
          ? fmt::format("time (s)     (colour: job number mod {}; the number on each box wide enough)", kPaletteColours)
          : std::string("time (s)"),
      kGanttTail, gp_title(title, kGanttWidth - (key.empty() ? 0 : kGanttKeyPixels)));
  return gp;
}

} // namespace

void write_gantt(const ResultsDir& dir, const std::vector<GanttBox>& boxes, unsigned nodes, unsigned pes_per_node,
                 const std::string& title, const std::string& folder)
{
  dir.write(folder + "gantt.csv", gantt_csv(boxes, pes_per_node));
  dir.write(folder + "gantt.gp", gantt_gp(boxes, nodes, pes_per_node, title));
  dir.render(folder + "gantt.gp");
}

bool redraw_gantt(const ResultsDir& dir, const std::string& folder, unsigned nodes, unsigned pes_per_node)
{
  const auto csv_file = dir.path(folder + "gantt.csv"), gp_file = dir.path(folder + "gantt.gp");
  if (!std::filesystem::exists(csv_file) || !std::filesystem::exists(gp_file))
    return false;
  std::ifstream in = base::input_file(gp_file);
  const std::string old_gp((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string first = old_gp.substr(0, old_gp.find('\n'));
  const auto tail = first.rfind(kGanttTail);
  if (first.rfind("# ", 0) != 0 || tail == std::string::npos)
    return false; // not a chart this code wrote: left alone
  const std::string title = gnuplot_title_text(std::string_view(first).substr(2, tail - 2));
  // The point's own file, as a run wrote it: anything else (a hand-edited cell) is named, exit 2.
  const report::Csv csv = report::read_csv(csv_file, folder + "gantt.csv");
  std::vector<GanttBox> boxes;
  for (std::size_t k = 0; k < csv.rows.size(); ++k) {
    const auto& row = csv.rows[k];
    auto number = [&](std::size_t i) {
      char* end = nullptr;
      const double v = i < row.size() ? std::strtod(row[i].c_str(), &end) : 0;
      if (i >= row.size() || row[i].empty() || end == nullptr || *end != '\0' || !std::isfinite(v) || v < 0)
        throw ScenarioError(fmt::format("{}gantt.csv:{}", folder, csv.row_lines[k]), csv_row(row),
                            "a row row,node,pe,job,from_s,to_s of non-negative numbers, as a run writes it");
      return v;
    };
    GanttBox b;
    b.pe = storm::PeId{unsigned(number(1)), unsigned(number(2))};
    b.job = int(number(3));
    b.from = number(4);
    b.to = number(5);
    boxes.push_back(b);
  }
  if (boxes.empty())
    return false; // nothing to draw (a run writes no chart script for an empty one either)
  const std::string gp = gantt_gp(boxes, nodes, pes_per_node, title);
  if (gp == old_gp)
    return false;
  dir.write(folder + "gantt.gp", gp);
  dir.render(folder + "gantt.gp");
  return true;
}

} // namespace bcssim::sim
