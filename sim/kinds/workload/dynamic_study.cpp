#include "sim/kinds/workload/dynamic_study.hpp"

#include "base/units.hpp"
#include "sim/output/plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>

namespace bcssim::sim {
namespace {

// A point's place in the plots: its x (a swept dimension but the algorithm and its MPI: the first with numbers or
// times for values, else the first) and its series (the algorithm and the other swept values).
struct Place {
  std::string x_name, x, series;
};

// A swept value as a number: a time in seconds ("100ms" -> 0.1) or a plain number; none otherwise.
std::optional<double> number_of(const std::string& text)
{
  if (const auto q = base::parse_quantity(base::Quantity::time, text))
    return q;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  return end != text.c_str() && *end == '\0' ? std::optional<double>(v) : std::nullopt;
}

bool plotted(const std::string& name)
{
  return name != "scheduler.algorithm" && name != "mpi" && name != "workload.jobs" && name != "seed";
}

// The dimension on the x axis: the first whose values are all numbers or times, else the first one.
std::string x_dimension(const std::vector<StudyPoint>& points)
{
  std::vector<std::string> names;
  for (const auto& [name, value] : points.front().coordinates)
    if (plotted(name))
      names.push_back(name);
  for (const std::string& name : names) {
    bool numeric = true;
    for (const StudyPoint& p : points)
      for (const auto& [n, v] : p.coordinates)
        if (n == name && !number_of(v))
          numeric = false;
    if (numeric)
      return name;
  }
  return names.empty() ? "" : names.front();
}

Place place_of(const StudyPoint& p, const std::string& x_name)
{
  Place out;
  out.x_name = x_name;
  out.series = p.summary.at("workload").at("algorithm").get<std::string>();
  for (const auto& [name, value] : p.coordinates) {
    if (!plotted(name))
      continue;
    if (name == x_name) // a load factor is shown as the offered load it makes (Figs. 6.11, 6.12)
      out.x = name == "workload.load_factor"
                  ? fmt::format("{:.3f}", p.summary.at("workload").at("dynamic").at("offered_load").get<double>())
                  : value;
    else
      out.series += " " + name.substr(name.rfind('.') + 1) + "=" + value;
  }
  return out;
}

// The x of a point: its value as a number, else its rank.
std::string numeric(const std::string& text, std::size_t rank)
{
  const auto v = number_of(text);
  return v ? fmt::format("{}", *v) : std::to_string(rank);
}

} // namespace

void write_dynamic_study_plots(const ResultsDir& dir, const std::vector<StudyPoint>& points,
                               const std::vector<Backlog>& backlogs, const std::string& study_name)
{
  std::map<std::string, std::vector<std::size_t>> series; // name -> points in order
  std::vector<std::string> order;
  const std::string x_name = points.empty() ? "" : x_dimension(points);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Place pl = place_of(points[i], x_name);
    if (!series.count(pl.series))
      order.push_back(pl.series);
    series[pl.series].push_back(i);
  }
  const std::vector<std::string> styles = series_styles(order);
  // A quantum from 2 s down to 50 ms is read on a log axis, or its short values crowd into one label.
  std::optional<double> x_min, x_max;
  for (const StudyPoint& p : points)
    if (const auto v = number_of(place_of(p, x_name).x)) {
      x_min = std::min(x_min.value_or(*v), *v);
      x_max = std::max(x_max.value_or(*v), *v);
    }
  const bool log_x = x_min && *x_min > 0 && *x_max >= 10 * *x_min;
  // dynamic.dat: one block per series: x, label, mean/median response, mean/median slowdown, percentiles.
  std::string dat = "# x label mean_response median_response mean_slowdown median_slowdown r5 r25 r75 r95 s5 s25 "
                    "s75 s95 saturated\n";
  const bool any_saturated =
      std::any_of(backlogs.begin(), backlogs.end(), [](const Backlog& b) { return b.saturated(); });
  std::map<int, std::pair<double, double>> panel_range; // dat column -> smallest and largest value
  auto widen = [&](int column, double v) {
    const auto it = panel_range.try_emplace(column, v, v).first;
    it->second = {std::min(it->second.first, v), std::max(it->second.second, v)};
  };
  for (const std::string& name : order) {
    dat += fmt::format("# {}\n", gp_line(name));
    std::size_t rank = 0;
    for (std::size_t i : series[name]) {
      const nlohmann::json& d = points[i].summary.at("workload").at("dynamic");
      const Place pl = place_of(points[i], x_name);
      const auto& r = d.at("response_s");
      const auto& s = d.at("bounded_slowdown");
      dat += fmt::format("{} {} {} {} {} {} {} {} {} {} {} {} {} {} {}\n", numeric(pl.x, rank++), gp_data_string(pl.x),
                         r.at("mean").get<double>(), r.at("median").get<double>(), s.at("mean").get<double>(),
                         s.at("median").get<double>(), r.at("p5").get<double>(), r.at("p25").get<double>(),
                         r.at("p75").get<double>(), r.at("p95").get<double>(), s.at("p5").get<double>(),
                         s.at("p25").get<double>(), s.at("p75").get<double>(), s.at("p95").get<double>(),
                         backlogs.at(i).saturated() ? 1 : 0);
      widen(3, r.at("mean").get<double>());
      widen(4, r.at("median").get<double>());
      widen(5, s.at("mean").get<double>());
      widen(6, s.at("median").get<double>());
    }
    dat += "\n\n";
  }
  dir.write("dynamic.dat", dat);
  const std::string x_label = gp_text(x_name.empty()                     ? "point"
                                      : x_name == "workload.load_factor" ? "offered load"
                                                                         : x_name);
  auto lines = [&](int column, bool with_title) {
    // Values spanning more than two decades (a median of 500 s at MPL 1 and of 1 s at MPL 3) are read on a log
    // axis, or all but the largest lie on zero.
    const auto [lo, hi] = panel_range.count(column) ? panel_range.at(column) : std::pair<double, double>{0, 0};
    std::string out =
        lo > 0 && hi > 100 * lo ? "  set logscale y\n  set yrange [*:*]\n" : "  unset logscale y\n  set yrange [0:*]\n";
    for (std::size_t k = 0; k < order.size(); ++k)
      out +=
          fmt::format("{}'dynamic.dat' index {} using 1:{}:xtic(2) with linespoints lw 1.5 pt 7 {} title '{}'",
                      k == 0 ? "  plot " : ", \\\n       ", k, column, styles[k], with_title ? gp_text(order[k]) : "");
    // A saturated point's figures mean little (the queue only drained because the arrivals stopped): circled.
    if (any_saturated)
      for (std::size_t k = 0; k < order.size(); ++k)
        out += fmt::format(", \\\n       'dynamic.dat' index {} using 1:($15 > 0 ? ${} : NaN) with points pt 6 ps 2.4 "
                           "lw 1.5 lc rgb 'black' {}",
                           k, column, with_title && k == 0 ? "title 'saturated (§6.4.4)'" : "notitle");
    return out + "\n";
  };
  const std::string panels =
      // The key (drawn by the first panel) in a row of its own under the title, over no data.
      "  set multiplot layout 2,2 title '" + gp_title(study_name, 1100) +
      "' margins 0.07,0.98,0.07,0.86 spacing 0.08,0.13\n" + "  set title 'mean response time (s)'\n" + lines(3, true) +
      "  set title 'median response time (s)'\n" + lines(4, false) + "  set title 'mean bounded slowdown'\n" +
      lines(5, false) + "  set title 'median bounded slowdown'\n" + lines(6, false) + "  unset multiplot\n";
  dir.write("dynamic.gp",
            fmt::format(
                "# Response time and bounded slowdown vs {0} (thesis Figs. 6.8, 6.12). Regenerate with: "
                "gnuplot dynamic.gp\nset grid\nset key at screen 0.5, screen 0.925 center center horizontal maxrows 1 "
                "font ',9'\nset xlabel '{0}'\n"
                "{1}{2}",
                x_label, log_x ? fmt::format("set logscale x\nset xrange [{}:{}]\n", *x_min / 1.3, *x_max * 1.3) : "",
                svg_and_png("dynamic", 1100, 800, panels)));
  dir.render("dynamic.gp");
  // Box plots (Figures 6.9, 6.10): whiskers at the 5th and 95th percentiles, box 25th-75th, line at the median.
  auto boxes = [&](int lo, int q1, int med, int q3, int hi) {
    // The x labels once, at the middle of each group of boxes.
    std::string out = "  plot 'dynamic.dat' index 0 using 0:(NaN):xtic(2) notitle";
    const double width = 0.6 / double(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      const double shift = (double(k) - double(order.size() - 1) / 2) * width;
      out += fmt::format("{}'dynamic.dat' index {} using ($0+{:.3f}):{}:{}:{}:{}:({:.3f}) with candlesticks "
                         "whiskerbars {} title '{}', \\\n       '' index {} using ($0+{:.3f}):{}:{}:{}:{}:({:.3f}) "
                         "with candlesticks {} lw 2 notitle",
                         ", \\\n       ", k, shift, q1, lo, hi, q3, width * 0.8, styles[k], gp_text(order[k]), k, shift,
                         med, med, med, med, width * 0.8, styles[k]);
    }
    return out + "\n";
  };
  const std::string box_panels =
      "  set multiplot layout 1,2 title '" +
      gp_title(study_name + ": box 25th-75th percentile, line the median, whiskers the 5th and 95th", 1200) + "'\n" +
      "  set title 'response time (s)'\n" + boxes(7, 8, 4, 9, 10) + "  set title 'bounded slowdown'\n" +
      boxes(11, 12, 6, 13, 14) + "  unset multiplot\n";
  dir.write("dynamic_boxes.gp",
            fmt::format("# Distributions (5, 25, 50, 75, 95th percentiles) of the response time and bounded slowdown "
                        "vs {0} (thesis Figs. 6.9, 6.10). Regenerate with: gnuplot dynamic_boxes.gp\nset grid y\n"
                        "set logscale y\nset key outside bottom center horizontal font ',9'\nset xlabel '{0}'\n"
                        "set boxwidth 0.2\nset offsets 0.5, 0.5, graph 0.05, graph 0.05\n{1}",
                        x_label, svg_and_png("dynamic_boxes", 1200, 560, box_panels)));
  dir.render("dynamic_boxes.gp");

  // Every point's jobs in the system over time (Fig. 6.11: how saturation shows), one panel per series (an
  // algorithm) with a line per x (the MPL, the quantum, the load) on a shared y axis: twenty lines on one chart,
  // told apart by dashes, could not be read. And its response time CDFs of the short and the long half
  // (Fig. 6.13), read from the points' own tables: a point's line there takes its colour from its x and its dash
  // from its series.
  const std::string x_short = x_name == "workload.load_factor" ? "load" : x_name.substr(x_name.rfind('.') + 1);
  std::vector<std::string> xs;
  std::string short_cdf, long_cdf;
  std::map<std::string, std::string> in_system; // series -> its panel's plot command
  double most = 1, span = 0;                    // the panels share their axes
  for (const StudyPoint& p : points) {
    most = std::max(most, p.summary.at("workload").at("dynamic").at("most_jobs_in_system").get<double>());
    span = std::max(span, p.summary.at("workload").at("turnaround_s").get<double>());
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Place pl = place_of(points[i], x_name);
    const std::string name = pl.series + (x_name.empty() ? "" : " " + x_short + "=" + pl.x);
    const auto x_rank = std::size_t(std::find(xs.begin(), xs.end(), pl.x) - xs.begin());
    if (x_rank == xs.size())
      xs.push_back(pl.x);
    const auto series_rank = std::size_t(std::find(order.begin(), order.end(), pl.series) - order.begin());
    const std::string style =
        x_name.empty() ? fmt::format("lc {}", i + 1) : fmt::format("lc {} dt {}", x_rank + 1, series_rank + 1);
    const std::string sep = i == 0 ? "  plot " : ", \\\n       ";
    std::string& panel = in_system[pl.series];
    panel += fmt::format("{}'{}/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc {} title '{}'",
                         panel.empty() ? "  plot " : ", \\\n       ", gp_text(points[i].folder), x_rank + 1,
                         gp_text(x_name.empty() ? name : x_short + "=" + pl.x));
    for (auto [half, out] : {std::pair<const char*, std::string*>{"short", &short_cdf}, {"long", &long_cdf}})
      *out += fmt::format("{}'{}/response_cdf.csv' using (strcol(1) eq '{}' ? $2 : NaN):3 skip 1 with steps lw 1.2 "
                          "{} title '{}'",
                          sep, gp_text(points[i].folder), half, style, gp_text(name));
  }
  const std::size_t series_count = order.size();
  const std::size_t columns =
      series_count <= 3 ? series_count : std::size_t(std::ceil(std::sqrt(double(series_count))));
  const std::size_t rows = (series_count + columns - 1) / columns;
  std::string in_system_panels = fmt::format("  set multiplot layout {},{} title '{}'\n", rows, columns,
                                             gp_title(study_name + ": jobs in the system", 1200));
  for (const std::string& s : order)
    in_system_panels += "  set title '" + gp_text(s) + "'\n" + in_system[s] + "\n";
  in_system_panels += "  unset multiplot\n";
  dir.write("jobs_in_system.gp",
            fmt::format("# Jobs in the system (arrived, not finished) over time, every point (thesis Fig. 6.11), a "
                        "panel per series. Regenerate with: gnuplot jobs_in_system.gp\nset datafile separator ','\n"
                        "set grid\nset key inside top right font ',8'\nset xlabel 'time (s)'\n"
                        "set ylabel 'jobs in the system'\nset yrange [0:{:.0f}]\nset xrange [0:{:.0f}]\n{}",
                        std::ceil(most * 1.05), std::ceil(span * 1.02),
                        svg_and_png("jobs_in_system", 1200, 60 + 330 * int(rows), in_system_panels)));
  dir.render("jobs_in_system.gp");
  // A half with no job in any point (a one-job workload) has nothing for gnuplot to autoscale its x axis on, which
  // it refuses ("x range is invalid"): that panel gets the range of the responses there are.
  std::size_t short_jobs = 0, long_jobs = 0;
  double fastest = std::numeric_limits<double>::max(), slowest = 0;
  for (const StudyPoint& p : points) {
    const auto& d = p.summary.at("workload").at("dynamic");
    const auto count = [&d](const char* key) {
      return d.contains(key) ? d.at(key).value("count", std::size_t(0)) : std::size_t(0);
    };
    short_jobs += count("response_short_s");
    long_jobs += count("response_long_s");
    if (count("response_s") > 0) {
      fastest = std::min(fastest, d.at("response_s").at("p5").get<double>());
      slowest = std::max(slowest, d.at("response_s").at("p95").get<double>());
    }
  }
  const auto panel = [&](const std::string& plots, std::size_t jobs) {
    if (jobs > 0 || slowest <= 0)
      return plots + "\n";
    return fmt::format("  set xrange [{:.9g}:{:.9g}]\n{}\n  set autoscale x\n", fastest / 2, slowest * 2, plots);
  };
  const std::string cdf_panels = "  set multiplot layout 1,2 title '" +
                                 gp_title(study_name + ": response time CDF", 1400) + "'\n" +
                                 "  set title 'short half (by dedicated run time)'\n" + panel(short_cdf, short_jobs) +
                                 "  set title 'long half'\n" + panel(long_cdf, long_jobs) + "  unset multiplot\n";
  dir.write("response_cdf.gp",
            fmt::format("# Cumulative distribution of the response times of the short and the long half of the jobs, "
                        "every point (thesis Fig. 6.13). Regenerate with: gnuplot response_cdf.gp\n"
                        "set datafile separator ','\nset grid\nset logscale x\nset yrange [0:1]\n"
                        "set key bottom right font ',8'\nset xlabel 'response time (s)'\n"
                        "set ylabel 'fraction of the half'\n{}",
                        svg_and_png("response_cdf", 1400, 560, cdf_panels)));
  dir.render("response_cdf.gp");
}

nlohmann::json saturation_by_series(const std::vector<StudyPoint>& points, const std::vector<Backlog>& backlogs)
{
  const std::string x_name = points.empty() ? "" : x_dimension(points);
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::pair<double, bool>>> by_series; // series -> (x, saturated)
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Place pl = place_of(points[i], x_name);
    const auto x = number_of(pl.x);
    if (!x) // saturation is read along a numeric axis only
      continue;
    if (!by_series.count(pl.series))
      order.push_back(pl.series);
    by_series[pl.series].emplace_back(*x, backlogs.at(i).saturated());
  }
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& series : order) {
    auto xs = by_series[series];
    std::sort(xs.begin(), xs.end());
    nlohmann::json saturated = nlohmann::json::array();
    std::optional<double> from, below;
    for (const auto& [x, sat] : xs)
      if (sat) {
        saturated.push_back(x);
        from = from.value_or(x);
      }
    for (const auto& [x, sat] : xs)
      if (!sat && (!from || x < *from))
        below = x;
    out.push_back({{"series", series},
                   {"x", x_name == "workload.load_factor" ? "offered load" : x_name},
                   {"saturated_at", saturated},
                   {"lowest_saturated", from ? nlohmann::json(*from) : nlohmann::json(nullptr)},
                   {"highest_unsaturated_below", below ? nlohmann::json(*below) : nlohmann::json(nullptr)}});
  }
  return out;
}

} // namespace bcssim::sim
