#include "sim/kinds/microbench/collective_report.hpp"

#include "sim/output/fixed_format.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace bcssim::sim {
namespace {

bool is_collective(const Measurement& m)
{
  return m.test == "barrier" || m.test == "broadcast" || m.test == "compare" || m.test == "compare_and_write";
}

// Column name of a measurement in collectives.csv, e.g. "barrier_us_qsnet_hw", "broadcast_MBps_qsnet_hw:elan".
std::string column(const Measurement& m)
{
  return m.test == "broadcast" ? "broadcast_MBps_" + m.path : m.test + "_us_" + m.path;
}

double value(const Measurement& m) { return m.test == "broadcast" ? m.bandwidth() / 1e6 : double(m.time_ns) / 1e3; }

} // namespace

nlohmann::json collective_figures(const std::vector<Measurement>& runs)
{
  nlohmann::json f = nlohmann::json::object();
  for (const auto& m : runs)
    if (is_collective(m)) {
      // Lists of records in measurement order; a broadcast's path is "<impl>:<memory>".
      if (m.test == "broadcast") {
        const auto colon = m.path.find(':');
        f["broadcast_MBps"].push_back({{"impl", m.path.substr(0, colon)},
                                       {"memory", colon == std::string::npos ? "" : m.path.substr(colon + 1)},
                                       {"nodes", m.dst + 1},
                                       {"bandwidth_MBps", fixed4(m.bandwidth() / 1e6)}});
      } else {
        f[m.test + "_us"].push_back(
            {{"impl", m.path}, {"nodes", m.dst + 1}, {m.test + "_us", fixed4(double(m.time_ns) / 1e3)}});
      }
    }
  return f;
}

void write_collective_plot(const ResultsDir& dir, const std::string& scenario, const std::vector<Measurement>& runs)
{
  std::vector<std::string> columns; // in first-measured order: deterministic
  std::map<std::uint64_t, std::map<std::string, double>> rows;
  for (const auto& m : runs)
    if (is_collective(m)) {
      if (std::find(columns.begin(), columns.end(), column(m)) == columns.end())
        columns.push_back(column(m));
      rows[m.dst + 1][column(m)] = value(m);
    }
  if (rows.empty())
    return;
  dir.write("collectives.csv", wide_csv("nodes", columns, rows));

  auto plot_panel = [&](const std::string& prefix, const std::string& title, const std::string& ylabel) {
    std::string series;
    double peak = 0;
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i].rfind(prefix, 0) == 0) {
        const std::string name = columns[i].substr(prefix.size());
        series += fmt::format("{}'collectives.csv' using 1:{} skip 1 with linespoints {} title '{}'",
                              series.empty() ? "" : ", ", i + 2, series_style(name, int(i) + 1), gp_text(name));
        for (const auto& [nodes, row] : rows)
          if (auto it = row.find(columns[i]); it != row.end())
            peak = std::max(peak, it->second);
      }
    if (series.empty())
      return "  set title '" + gp_text(title) + " (not measured)'\n  plot NaN notitle\n";
    // Every value 0 (a 0 B broadcast): [0:*] of zeros is an empty range (gnuplot warned), so a fixed one, and the
    // title says why.
    const bool zero = peak == 0;
    return fmt::format("  set title '{}{}'\n{}  set ylabel '{}'\n  plot {}\n{}", gp_text(title),
                       zero ? " (every value 0)" : "", zero ? "  set yrange [0:1]\n" : "", gp_text(ylabel), series,
                       zero ? "  set yrange [0:*]\n" : "");
  };
  const unsigned lowest = rows.begin()->first;
  const unsigned highest = rows.rbegin()->first;
  std::string gp = fmt::format("  set multiplot layout 1,3 title '{}' noenhanced\n",
                               gp_title(scenario + ": BCS core primitives, qsnet_hw vs software_tree", 1700));
  gp += fmt::format("  set logscale x 2\n  set xrange [{}:{}]\n  set xlabel 'nodes'\n  set yrange [0:*]\n",
                    lowest == highest ? lowest / 2.0 : double(lowest),
                    lowest == highest ? highest * 2.0 : double(highest));
  gp += plot_panel("barrier_us_", "Barrier latency", "latency (us)");
  gp += plot_panel("broadcast_MBps_", "Broadcast bandwidth at the source", "bandwidth (MB/s, 10^6 B/s)");
  gp += plot_panel("compare_and_write_us_", "Compare-And-Write latency", "latency (us)");
  gp += "  unset multiplot\n";
  dir.write("collectives.gp", "# Core-primitive microbenchmarks. Regenerate with: gnuplot collectives.gp\n"
                              "set datafile separator ','\nset grid\n" +
                                  common_plot_settings() + "set key noenhanced font ',9'\n" +
                                  svg_and_png("collectives", 1700, 450, gp));
  dir.render("collectives.gp");
}

} // namespace bcssim::sim
