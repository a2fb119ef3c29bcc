#include "sim/study/study_plot.hpp"

#include "base/units.hpp"
#include "sim/output/plot.hpp"
#include "sim/study/study.hpp"

#include <fmt/format.h>

#include <set>

#include <algorithm>
#include <cmath>

namespace bcssim::sim {

std::map<double, double>& Series::operator[](const std::string& title)
{
  for (auto& [name, line] : lines_)
    if (name == title)
      return line;
  lines_.emplace_back(title, std::map<double, double>{});
  return lines_.back().second;
}

const std::map<double, double>& Series::line(const std::string& title) const
{
  static const std::map<double, double> none;
  for (const auto& [name, points] : lines_)
    if (name == title)
      return points;
  return none;
}

void write_study_plot(const ResultsDir& dir, const std::string& stem, const Series& series, const PlotAxis& x,
                      const PlotValue& y, const std::string& title, const Series* errors)
{
  std::string csv = x.column + ",series," + y.column + (errors != nullptr ? "," + y.column + "_ci95" : "") + "\n";
  std::string dat = "# " + x.column + " " + y.column + (errors != nullptr ? " ci95" : "") + "\n";
  std::string plot;
  double lo = 0, hi = 0, x_lo = 0, x_hi = 0; // the y range always shows 0
  bool any_x = false;
  std::vector<std::string> names;
  for (const auto& entry : series)
    names.push_back(entry.first);
  const std::vector<std::string> styles = series_styles(names);
  std::size_t block = 0;
  for (const auto& [name, points] : series) {
    const std::map<double, double>* bars = errors != nullptr ? &errors->line(name) : nullptr;
    dat += "# " + gp_line(name) + "\n";
    for (const auto& [xv, v] : points) {
      const double e = bars != nullptr && bars->count(xv) ? bars->at(xv) : 0.0;
      const std::string value = fmt::format("{:.{}f}", v, y.decimals);
      const std::string ci = fmt::format("{:.{}f}", e, y.decimals);
      csv +=
          base::readable(xv) + "," + coordinate_cell(name) + "," + value + (errors != nullptr ? "," + ci : "") + "\n";
      dat += base::readable(xv) + " " + value + (errors != nullptr ? " " + ci : "") + "\n";
      lo = std::min(lo, (v - e) * y.shown);
      hi = std::max(hi, (v + e) * y.shown);
      x_lo = any_x ? std::min(x_lo, xv) : xv;
      x_hi = any_x ? std::max(x_hi, xv) : xv;
      any_x = true;
    }
    dat += "\n\n";
    const std::string scaled = y.shown == 1 ? "2" : fmt::format("($2*{})", y.shown);
    const std::string scaled_ci = y.shown == 1 ? "3" : fmt::format("($3*{})", y.shown);
    plot += errors != nullptr
                ? fmt::format("{}'{}.dat' index {} using 1:{}:{} with yerrorlines lw 2 pt 7 {} title '{} (95 % CI)'",
                              block ? ", " : "", stem, block, scaled, scaled_ci, styles[block], gp_text(name))
                : fmt::format("{}'{}.dat' index {} using 1:{} with linespoints lw 2 pt 7 {} title '{}'",
                              block ? ", " : "", stem, block, scaled, styles[block], gp_text(name));
    ++block;
  }
  dir.write(stem + ".csv", csv);
  dir.write(stem + ".dat", dat);
  const double margin = (hi - lo) * 0.05 + 1e-12;
  // One x value: give gnuplot a range around it (it cannot autoscale an empty one).
  const std::string xrange = any_x && x_lo == x_hi ? fmt::format("set xrange [{}:{}]\n", base::readable(x_lo * 0.5),
                                                                 base::readable(x_lo * 1.5 + 1))
                                                   : "";
  // A few whole numbers on a linear axis (a sweep of process or node counts): ticks at exactly those values, where
  // gnuplot's own steps fell between them (2 and 4 processes got ticks at 1.5, 2.5, 3.5).
  std::set<double> xs;
  for (const auto& [name, points] : series)
    for (const auto& [xv, v] : points)
      xs.insert(xv);
  constexpr std::size_t kMostTicks = 12;
  const bool whole = std::all_of(xs.begin(), xs.end(), [](double v) { return v == std::floor(v); });
  std::string xtics;
  if (!x.log && whole && xs.size() >= 2 && xs.size() <= kMostTicks && *xs.rbegin() - *xs.begin() <= 2 * kMostTicks) {
    for (double v : xs)
      xtics += (xtics.empty() ? "set xtics (" : ", ") + base::readable(v);
    xtics += ")\n";
  }
  // Four decimals, unless that makes the range empty (every value below 5e-5, e.g. run times of microseconds):
  // gnuplot refuses an empty range.
  std::string y_lo = fmt::format("{:.4f}", lo - margin), y_hi = fmt::format("{:.4f}", hi + margin);
  if (std::stod(y_lo) >= std::stod(y_hi)) { // "-0.0000" and "0.0000" too
    const double half = std::max(std::fabs(hi) * 0.05, 1e-9);
    y_lo = fmt::format("{:.6g}", lo - half);
    y_hi = fmt::format("{:.6g}", hi + half);
  }
  // Long entries (a what-if's cases name every parameter they set) do not fit beside the plot: below it, one per
  // line, left-justified, the canvas grown to hold them (gnuplot overestimates a label's width and leaves out a
  // key it thinks too wide, hence the negative key width; about 9 px per character and 18 px per line here).
  std::size_t longest = 0;
  for (const std::string& name : names)
    longest = std::max(longest, name.size() + (errors != nullptr ? std::string(" (95 % CI)").size() : 0));
  constexpr std::size_t kLongestBeside = 60;
  const bool key_below = longest > kLongestBeside;
  const int width = key_below ? std::max(900, int(longest) * 9 + 40) : 900;
  const int height = key_below ? 460 + 18 * int(names.size()) : 500;
  const std::string key = key_below ? "set key below left vertical Left reverse maxcols 1 samplen 2 width -40\n" : "";
  // gnuplot centres a title over the plot, not the canvas: a key beside the plot moves that centre left by half
  // the key's width, so the title has the canvas less about the key (8 px a character and its sample) to fit in.
  const int title_width = key_below ? width : width - 8 * int(longest) - 20;
  const std::string gp = fmt::format("# {0}. Regenerate with: gnuplot {1}.gp\n"
                                     "set grid\n{8}{10}"
                                     "set xlabel '{2}'\nset ylabel '{3}'\nset title '{9}'\n{4}"
                                     "set yrange [{6}:{7}]\nset xzeroaxis lt -1\n{5}",
                                     gp_text(title), stem, gp_text(x.label), gp_text(y.label),
                                     (x.log ? "set logscale x 2\n" : "") + xrange + xtics,
                                     svg_and_png(stem, width, height, "  plot " + plot + "\n"), y_lo, y_hi,
                                     common_plot_settings(), gp_title(title, title_width), key);
  dir.write(stem + ".gp", gp);
  dir.render(stem + ".gp");
}

} // namespace bcssim::sim
