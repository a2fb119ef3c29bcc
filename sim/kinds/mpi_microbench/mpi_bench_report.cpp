#include "sim/kinds/mpi_microbench/mpi_bench_report.hpp"

#include "sim/output/csv.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace bcssim::sim {
namespace {

// The collectives, in the registry's order (the columns of mpi_collectives.csv are their figures' names).
std::vector<const MpiBenchmark*> collective_benchmarks()
{
  std::vector<const MpiBenchmark*> out;
  for (const MpiBenchmark& b : mpi_benchmarks())
    if (b.family == BenchFamily::collective)
      out.push_back(&b);
  return out;
}

std::string num(double v) { return fixed4_text(v); }

std::string plot_columns(const std::string& file, const std::vector<std::string>& titles, const std::string& style)
{
  std::string out;
  for (std::size_t i = 0; i < titles.size(); ++i)
    out += fmt::format("{}'{}' using 1:{} skip 1 with {} title '{}'", i ? ", " : "", file, i + 2, style,
                       gp_text(titles[i]));
  return out;
}

} // namespace

std::string mpi_bench_csv(const std::vector<MpiMeasurement>& runs)
{
  std::string csv = "test,processes,size_B,posted_receives,iterations,time_ns,latency_us,bandwidth_MBps\n";
  for (const auto& m : runs)
    csv += fmt::format("{},{},{},{},{},{},{},{}\n", csv_cell(m.test->name), m.processes, m.bytes, m.posted,
                       m.iterations, m.time_ns, num(m.latency_us()), num(m.bandwidth() / 1e6));
  return csv;
}

nlohmann::json mpi_bench_figures(const std::vector<MpiMeasurement>& runs)
{
  nlohmann::json f = nlohmann::json::object();
  std::map<std::string, double> peak;
  // Lists of records in measurement order (numbers stay numbers: a notebook filters them by field).
  for (const auto& m : runs) {
    const MpiBenchmark& b = *m.test;
    switch (b.family) {
      case BenchFamily::round_trip:
        if (b.posted_first)
          f[b.figure].push_back(
              {{"size_B", m.bytes}, {"posted_receives", m.posted}, {"latency_us", fixed4(m.latency_us())}});
        else
          f[b.figure].push_back({{"size_B", m.bytes}, {"latency_us", fixed4(m.latency_us())}});
        break;
      case BenchFamily::streaming:
        peak[b.figure] = std::max(peak[b.figure], m.bandwidth());
        break;
      case BenchFamily::head_to_head:
        f[b.figure].push_back({{"size_B", m.bytes}, {"time_us", fixed4(double(m.time_ns) / 1e3)}});
        break;
      case BenchFamily::collective:
        f[b.figure].push_back({{"processes", m.processes}, {b.figure, fixed4(m.latency_us())}});
        break;
    }
  }
  for (const auto& [figure, bandwidth] : peak)
    f[figure] = fixed4(bandwidth / 1e6);
  return f;
}

void write_mpi_bench_plot(const ResultsDir& dir, const std::string& scenario, const std::string& backend,
                          const std::vector<MpiMeasurement>& runs)
{
  std::map<std::uint64_t, std::map<std::string, double>> sizes, posted, collectives;
  std::set<std::uint64_t> posted_sizes;
  for (const auto& m : runs) {
    const MpiBenchmark& b = *m.test;
    switch (b.family) {
      case BenchFamily::round_trip:
        if (b.posted_first) {
          posted[m.posted][fmt::format("latency_{}B_us", m.bytes)] = m.latency_us();
          posted_sizes.insert(m.bytes);
        } else {
          sizes[m.bytes][b.size_column] = m.latency_us();
        }
        break;
      case BenchFamily::streaming:
        sizes[m.bytes][b.size_column] = m.bandwidth() / 1e6;
        break;
      case BenchFamily::collective:
        collectives[m.processes][b.figure] = m.latency_us();
        break;
      case BenchFamily::head_to_head:
        break;
    }
  }
  std::vector<std::string> size_cols; // pingpong_latency_us, bandwidth_MBps, bidirectional_each_way_MBps
  for (const MpiBenchmark& b : mpi_benchmarks())
    if (!b.size_column.empty())
      size_cols.push_back(b.size_column);
  std::vector<std::string> posted_cols, posted_titles;
  for (auto b : posted_sizes) {
    posted_cols.push_back(fmt::format("latency_{}B_us", b));
    posted_titles.push_back(fmt::format("{} B", b));
  }
  std::vector<std::string> coll_cols;
  const std::vector<const MpiBenchmark*> coll_benchmarks = collective_benchmarks();
  for (const MpiBenchmark* c : coll_benchmarks)
    coll_cols.push_back(c->figure);
  dir.write("mpi_sizes.csv", wide_csv("size_B", size_cols, sizes));
  dir.write("mpi_posted.csv", wide_csv("posted_receives", posted_cols, posted));
  dir.write("mpi_collectives.csv", wide_csv("processes", coll_cols, collectives));

  // A panel per kind of measurement present; sizes and process counts on log axes.
  std::vector<std::string> panels;
  bool has_pingpong = false, has_bw = false;
  for (const auto& [b, row] : sizes) {
    has_pingpong = has_pingpong || (b > 0 && row.count("pingpong_latency_us"));
    has_bw = has_bw || (b > 0 && (row.count("bandwidth_MBps") || row.count("bidirectional_each_way_MBps")));
  }
  // Sizes in binary units with a space ("16 B", "32 KiB"), at every power of 32 the sizes span.
  std::uint64_t smallest = 0, largest = 0;
  for (const auto& [b, row] : sizes)
    if (b > 0) {
      smallest = smallest == 0 ? b : std::min(smallest, b);
      largest = std::max(largest, b);
    }
  const std::string size_axis =
      smallest > 0 ? "  set logscale x 2\n  set xtics (" + size_tics(smallest, largest) + ")\n" : "";
  // Latencies on a log axis in plain numbers from 1 us ("%g" wrote 100000 and then 1e+06), when all are that long.
  double least_latency = -1;
  for (const auto& [b, row] : sizes)
    if (b > 0 && row.count("pingpong_latency_us"))
      least_latency =
          least_latency < 0 ? row.at("pingpong_latency_us") : std::min(least_latency, row.at("pingpong_latency_us"));
  const bool whole_us = least_latency >= 1;
  if (has_pingpong)
    panels.push_back(size_axis + "  set logscale y\n" +
                     (whole_us ? "  set yrange [1:*]\n  set format y '%.0f'\n" : "") +
                     "  set xlabel 'message size (B)'\n"
                     "  set ylabel 'latency, half round trip (us)'\n  set title 'MPI ping-pong'\n"
                     "  plot 'mpi_sizes.csv' using 1:2 skip 1 with linespoints title 'ping-pong'\n"
                     "  unset logscale y\n" +
                     (whole_us ? "  set autoscale y\n  set format y '%g'\n" : ""));
  if (has_bw) {
    std::string plot;
    for (const auto& [column, title] : {std::pair<int, const char*>{3, "one way"}, {4, "bidirectional, each way"}}) {
      bool any = false;
      for (const auto& [b, row] : sizes)
        any = any || row.count(size_cols[std::size_t(column - 2)]) > 0;
      if (any)
        plot += fmt::format("{}'mpi_sizes.csv' using 1:{} skip 1 with linespoints title '{}'", plot.empty() ? "" : ", ",
                            column, title);
    }
    panels.push_back(size_axis +
                     "  set xlabel 'message size (B)'\n"
                     "  set ylabel 'bandwidth (MB/s)'\n  set title 'MPI bandwidth (window of messages)'\n"
                     "  set yrange [0:*]\n  plot " +
                     plot + "\n  set autoscale y\n");
  }
  if (!posted.empty())
    panels.push_back("  unset logscale x\n  set xtics autofreq\n  set format x '%g'\n  set xlabel 'posted receives'\n"
                     "  set ylabel 'latency, half round trip (us)'\n  set title 'Latency vs posted receives'\n"
                     "  set yrange [0:*]\n  plot " +
                     plot_columns("mpi_posted.csv", posted_titles, "linespoints") + "\n  set autoscale y\n");
  if (!collectives.empty()) {
    // Only the collectives measured, by their column in mpi_collectives.csv; one process count gets a range.
    // Collectives that take the same time at every process count (BCS-MPI's: two slices each) would lie under the
    // last one drawn: the panel says so, and each is drawn wider than the next so that all show.
    std::string plot;
    std::size_t drawn = 0;
    for (std::size_t i = 0; i < coll_benchmarks.size(); ++i)
      drawn += collectives.begin()->second.count(coll_cols[i]);
    bool coincide = drawn > 1;
    for (const auto& [procs, row] : collectives)
      for (const auto& [column, value] : row)
        coincide = coincide && value == row.begin()->second;
    std::size_t left = drawn; // the series still to draw, this one included
    for (std::size_t i = 0; i < coll_benchmarks.size(); ++i)
      if (collectives.begin()->second.count(coll_cols[i])) {
        plot += fmt::format("{}'mpi_collectives.csv' using 1:{} skip 1 with linespoints {}title '{}'",
                            plot.empty() ? "" : ", ", i + 2,
                            coincide ? fmt::format("lw {} ps {} ", 2 * left, left) : "", coll_benchmarks[i]->name);
        --left;
      }
    const std::string coll_title =
        coincide ? "Collectives vs processes (the same time each: lines overlap)" : "Collectives vs processes";
    const std::uint64_t first = collectives.begin()->first;
    const std::string xrange =
        collectives.size() > 1 ? "" : fmt::format("  set xrange [{}:{}]\n", first / 2.0, first * 2.0);
    panels.push_back("  set logscale x 2\n  set xtics autofreq\n  set format x '%g'\n  set xlabel 'processes'\n" +
                     xrange + "  set ylabel 'time per call (us)'\n  set title '" + coll_title +
                     "'\n"
                     "  set yrange [0:*]\n  plot " +
                     plot + "\n  set autoscale xy\n");
  }
  if (panels.empty())
    return;
  const std::size_t columns = panels.size() > 2 ? 2 : panels.size();
  const std::size_t rows = (panels.size() + 1) / 2;
  std::string body =
      fmt::format("  set multiplot layout {},{} title '{}'\n", rows, columns,
                  gp_title(fmt::format("MPI microbenchmarks: {}, mpi = {}", scenario, backend), int(900 * columns)));
  for (const auto& p : panels)
    body += p;
  body += "  unset multiplot\n  unset logscale x\n";
  dir.write("mpi.gp", fmt::format("# MPI microbenchmarks of scenario {} ({}). Regenerate with: gnuplot mpi.gp\n"
                                  "set datafile separator ','\nset grid\n" +
                                      common_plot_settings(),
                                  gp_line(scenario), gp_line(backend)) +
                          svg_and_png("mpi", int(900 * columns), int(450 * rows), body));
  dir.render("mpi.gp");
}

} // namespace bcssim::sim
