#pragma once
// The sources' figures next to the simulator's: a catalogue (docs/src/figures.json) in which each figure names
// the committed result that holds the simulated value (a JSON pointer into a summary.json, or a CSV cell), the
// source's value or bound with its citation, and either the parameter calibrated from it or the tolerance it is
// validated within. docs/calibration.md and docs/validation.md are generated from it (render.hpp), so a number in
// them is always what the committed results say.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim::report {

struct SourceFigure {
  std::optional<double> value;    // the source's number, in the figure's unit
  std::optional<double> min, max; // or a bound ("< 10 us", "slightly faster": max 0)
  std::string text;               // as the source states it
  std::string cite;               // where: "002 §2.4.1.1", "003 Table 2"
};

/// One number in a committed results file.
struct Cell {
  std::string file;                                     // relative to the repository root
  std::string pointer;                                  // JSON pointer into `file`, or
  std::string column;                                   // the CSV column of the row whose cells match `row`
  std::vector<std::pair<std::string, std::string>> row; // (column, value as written)
};

struct Figure {
  std::string id;    // unique; templates refer to it as {{id}}
  std::string group; // templates list a group with {{table group}}
  std::string what;  // the figure's description
  std::string unit;  // printed after the value
  Cell cell;
  std::optional<Cell> relative_to; // simulated = cell / relative_to x scale + offset (a ratio, "% over")
  std::optional<Cell> ci;          // the half-width of its 95 % confidence interval over replicates (x scale)
  double scale = 1;                // simulated = the stored value x scale + offset
  double offset = 0;
  int digits = 2; // decimals printed
  SourceFigure source;
  std::string calibrated_by;           // the parameter(s) fitted to this figure; empty: a validation
  double tolerance = 0;                // relative, for a validation against a value
  std::optional<double> tolerance_abs; // or absolute, in the unit (slowdowns in points)
  std::string note;                    // shown in the table
};

/// A JSON file of the repository (the catalogue, a summary.json); ScenarioError naming `what` and the file if it
/// cannot be read or parsed.
nlohmann::json read_json(const std::filesystem::path& file, const std::string& what);

/// Reads and checks the catalogue. Throws ScenarioError naming the file and the JSON path of a bad field.
std::vector<Figure> load_figures(const std::filesystem::path& catalogue);

/// The simulated value of `figure` in the committed results under `root`. Throws ScenarioError naming the
/// figure and the file when the value is not there.
double simulated_value(const Figure& figure, const std::filesystem::path& root);
/// The half-width of its confidence interval (0 without `ci`).
double simulated_ci(const Figure& figure, const std::filesystem::path& root);

struct Verdict {
  std::optional<double> error; // relative (or absolute with tolerance_abs) difference from the source's value
  std::string status;          // "calibrated (param)", "agrees", "disagrees", "within the bound", "outside the bound"
};
Verdict judge(const Figure& figure, double simulated);

} // namespace bcssim::sim::report
