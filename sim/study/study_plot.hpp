#pragma once
// The line plots of an application study (time, slowdown, noise vs the x dimension): a tidy table for notebooks
// (<stem>.csv: the x column, the series, the value and, for replicated studies, its 95 % confidence half-width)
// and the gnuplot script with its data blocks (<stem>.gp, <stem>.dat: one block per series).
#include "sim/output/results_dir.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

/// One line per combination of the other dimensions, in point order: its title and, per x, the value.
class Series {
public:
  std::map<double, double>& operator[](const std::string& title);
  /// The line called `title`; an empty one if there is none.
  const std::map<double, double>& line(const std::string& title) const;
  auto begin() const { return lines_.begin(); }
  auto end() const { return lines_.end(); }

private:
  std::vector<std::pair<std::string, std::map<double, double>>> lines_;
};

struct PlotAxis {
  std::string column; // the CSV column: a parameter path with its unit, e.g. "synthetic.granularity_ms"
  std::string label;  // the axis label
  bool log = false;
};

struct PlotValue {
  std::string column; // the CSV column, e.g. "time_s" or "slowdown" (a fraction)
  std::string label;  // the axis label, in the plotted unit
  double shown = 1;   // the plot shows value x shown (100 for a fraction in %)
  int decimals = 4;   // in the CSV
};

/// `errors` (replicated studies): the half-width of each value's 95 % confidence interval, drawn as error bars.
void write_study_plot(const ResultsDir& dir, const std::string& stem, const Series& series, const PlotAxis& x,
                      const PlotValue& y, const std::string& title, const Series* errors = nullptr);

} // namespace bcssim::sim
