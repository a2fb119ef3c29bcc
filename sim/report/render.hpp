#pragma once
// Generated documents: a template (docs/src/<name>.md) is Markdown with placeholders that the committed results
// fill in (figures.hpp):
//   {{table GROUP}}   on a line of its own: the table of the group's figures (what, simulated, source, error,
//                     status), in catalogue order; {{table all}}: every figure with a source, with its group
//                     (but the what-if group's)
// A value in % is printed with its sign (a slowdown), one over replicates as mean ± its 95 % interval.
//   {{rows ...}}, {{pivot ...}}  on a line of its own: a table of a committed CSV file (sim/output/csv_table.hpp)
//   {{ID}}            figure ID's simulated value and unit; {{ID.value}} the number alone; {{ID.error}} its
//                     difference from the source; {{ID.source}} the source's figure as stated
#include "sim/report/figures.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace bcssim::sim::report {

/// Figures with their simulated values, looked up by id.
class Evaluation {
public:
  /// Reads every figure's value under `root`; throws ScenarioError naming the first one missing.
  Evaluation(std::vector<Figure> figures, const std::filesystem::path& root);
  const std::vector<Figure>& figures() const { return figures_; }
  const Figure& figure(const std::string& id, const std::string& where) const;
  double value(const std::string& id) const { return values_.at(id); }
  double ci(const std::string& id) const { return cis_.at(id); }

private:
  std::vector<Figure> figures_;
  std::map<std::string, std::size_t> index_;
  std::map<std::string, double> values_;
  std::map<std::string, double> cis_;
};

/// The document `name` (for error messages) generated from template `text`. Throws ScenarioError naming the
/// template's line for an unknown figure, group or placeholder.
std::string render(const std::string& text, const std::string& name, const Evaluation& evaluation,
                   const std::filesystem::path& root);

/// Every docs/src/*.md under `root` rendered, keyed by the docs/<name>.md it becomes (sorted by name).
std::map<std::filesystem::path, std::string> render_docs(const std::filesystem::path& root);

} // namespace bcssim::sim::report
