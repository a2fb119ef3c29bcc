#include "sim/kinds/microbench/microbench_report.hpp"

#include "models/qsnet/ack_model.hpp"
#include "sim/output/csv.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <cstdint>

#include <algorithm>
#include <map>
#include <set>

namespace bcssim::sim {
namespace {

std::string num(double v) { return fixed4_text(v); }

std::vector<std::string> oneway_paths(const std::vector<Measurement>& runs)
{
  std::vector<std::string> paths;
  for (const auto& m : runs)
    if (m.test == "oneway" && std::find(paths.begin(), paths.end(), m.path) == paths.end())
      paths.push_back(m.path);
  return paths;
}
} // namespace

std::string microbench_csv(const std::vector<Measurement>& runs)
{
  std::string csv = "test,path,src,dst,switches,cable_m,size_B,time_ns,bandwidth_MBps\n";
  for (const auto& m : runs)
    csv += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_cell(m.test), csv_cell(m.path), m.src, m.dst, m.switches,
                       num(m.cable_m), m.bytes, m.time_ns, num(m.bandwidth() / 1e6));
  return csv;
}

nlohmann::json microbench_figures(const std::vector<Measurement>& runs)
{
  // Lists of records in measurement order (numbers stay numbers: a notebook filters them by field).
  nlohmann::json f = nlohmann::json::object();
  std::map<std::string, double> peak;
  for (const auto& m : runs) {
    if (m.test == "oneway") {
      if (m.bytes == 0 || m.bytes == 64)
        f["latency_us"].push_back(
            {{"path", m.path}, {"size_B", m.bytes}, {"latency_us", fixed4(double(m.time_ns) / 1e3)}});
      peak[m.path] = std::max(peak[m.path], m.bandwidth());
    } else if (m.test == "bidirectional") {
      f["bidirectional_each_way"].push_back(
          {{"path", m.path}, {"src", m.src}, {"dst", m.dst}, {"bandwidth_MBps", fixed4(m.bandwidth() / 1e6)}});
    } else if (m.test == "distance") {
      f["worst_case_bandwidth"].push_back(
          {{"path", m.path}, {"nodes", m.dst + 1}, {"bandwidth_MBps", fixed4(m.bandwidth() / 1e6)}});
    }
  }
  for (const auto& [path, value] : peak)
    f["peak_bandwidth_MBps"][path] = fixed4(value / 1e6);
  return f;
}

void write_microbench_plot(const ResultsDir& dir, const qsnet::LinkTiming& timing, const std::vector<Measurement>& runs)
{
  const auto paths = oneway_paths(runs);
  // Wide table: one row per size, latency and bandwidth columns per path.
  std::map<std::uint64_t, std::map<std::string, const Measurement*>> by_size;
  for (const auto& m : runs)
    if (m.test == "oneway")
      by_size[m.bytes][m.path] = &m;
  std::string sizes = "size_B";
  for (const auto& p : paths)
    sizes += "," + csv_cell("latency_us_" + p) + "," + csv_cell("bandwidth_MBps_" + p);
  sizes += "\n";
  for (const auto& [bytes, row] : by_size) {
    sizes += std::to_string(bytes);
    for (const auto& p : paths) {
      auto it = row.find(p);
      sizes += it == row.end()
                   ? ",,"
                   : fmt::format(",{},{}", num(double(it->second->time_ns) / 1e3), num(it->second->bandwidth() / 1e6));
    }
    sizes += "\n";
  }
  dir.write("microbench_sizes.csv", sizes);

  std::string distance = "tree_nodes,switches,cable_m,simulated_MBps,thesis_model_MBps\n";
  bool any_distance = false;
  std::set<unsigned> tree_sizes; // one size alone (a machine of one switch) gets a range around it
  for (const auto& m : runs)
    if (m.test == "distance") {
      any_distance = true;
      tree_sizes.insert(m.dst + 1);
      distance += fmt::format("{},{},{},{},{}\n", m.dst + 1, m.switches, num(m.cable_m), num(m.bandwidth() / 1e6),
                              num(qsnet::thesis_bandwidth(timing, m.cable_m, m.switches) / 1e6));
    }
  dir.write("microbench_distance.csv", distance);

  // Sizes go on a log axis: nothing to draw without a positive one; a single one gets a range around it.
  std::vector<std::uint64_t> positive;
  for (const auto& [bytes, row] : by_size)
    if (bytes > 0)
      positive.push_back(bytes);
  if (positive.empty())
    return;
  std::string xrange;
  // Latency on a log axis, but one size gets a linear one from 0 (a log axis around a single point had no labelled
  // tick, and gnuplot warned of an empty range when the paths agreed).
  std::string latency_axis = "  set logscale y\n";
  if (positive.size() == 1) {
    xrange = fmt::format("  set xrange [{}:{}]\n", positive[0] / 2.0, positive[0] * 2.0);
    double hi = 0;
    for (const auto& [path, m] : by_size.at(positive[0]))
      hi = std::max(hi, double(m->time_ns) / 1e3);
    latency_axis = fmt::format("  set yrange [0:{}]\n", num(hi > 0 ? hi * 1.25 : 1.0));
  }
  const std::string tics = size_tics(positive.front(), positive.back());
  std::string gp = "  set multiplot layout 1," + std::string(any_distance ? "3" : "2") + " title '" +
                   gp_title(dir.title() + ": QsNet substrate (Elan3lib RDMA puts)", 1800) +
                   "'\n"
                   "  set logscale x 2\n" +
                   xrange + "  set xtics (" + tics + ")\n" + latency_axis +
                   "  set xlabel 'message size'\n"
                   "  set ylabel 'one-way latency (us)'\n  set title 'Elan3lib RDMA put latency'\n  plot ";
  for (std::size_t i = 0; i < paths.size(); ++i)
    gp += fmt::format("{}'microbench_sizes.csv' using 1:{} skip 1 with linespoints {} title '{}'", i ? ", " : "",
                      2 + 2 * i, series_style(paths[i], int(i) + 1), gp_text(paths[i]));
  gp += "\n  unset logscale y\n  set ylabel 'bandwidth (MB/s, 10^6 B/s)'\n  set title 'Bandwidth vs size'\n"
        "  set yrange [0:*]\n  plot ";
  for (std::size_t i = 0; i < paths.size(); ++i)
    gp += fmt::format("{}'microbench_sizes.csv' using 1:{} skip 1 with linespoints {} title '{}'", i ? ", " : "",
                      3 + 2 * i, series_style(paths[i], int(i) + 1), gp_text(paths[i]));
  if (any_distance)
    // The simulated bandwidth lies within a percent of the model: a range around the data shows both lines.
    gp += "\n" +
          (tree_sizes.size() == 1
               ? fmt::format("  set xrange [{}:{}]\n", *tree_sizes.begin() / 2.0, *tree_sizes.begin() * 2.0)
               : std::string("  set autoscale x\n")) +
          "  set logscale x 4\n  set xtics autofreq\n  set format x '%g'\n"
          "  set xlabel 'fat-tree size (nodes)'\n  set title 'Worst-case bandwidth vs tree size'\n"
          "  set yrange [*:*]\n  set offsets graph 0.05, graph 0.05, graph 0.3, graph 0.3\n"
          "  plot 'microbench_distance.csv' using 1:4 skip 1 with linespoints lw 2 pt 7 title 'simulated', "
          "'microbench_distance.csv' using 1:5 skip 1 with linespoints dashtype 2 lw 2 pt 6 ps 1.5 "
          "title 'thesis ack model'\n";
  else
    gp += "\n";
  // The loop draws the svg then the png: what a panel set must not reach the next drawing's first panels.
  // (the distance panel's range around a single tree size too).
  gp += std::string("  unset multiplot\n  unset logscale x\n") + (tree_sizes.size() == 1 ? "  set autoscale x\n" : "") +
        "  set autoscale y\n  " + common_plot_settings().substr(common_plot_settings().find("set offsets"));
  dir.write("microbench.gp", "# Substrate microbenchmarks. Regenerate with: gnuplot microbench.gp\n"
                             "set datafile separator ','\nset grid\n" +
                                 common_plot_settings() + "set key font ',9'\n" +
                                 svg_and_png("microbench", 1800, 450, gp));
  dir.render("microbench.gp");
}

} // namespace bcssim::sim
