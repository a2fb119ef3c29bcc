#pragma once
// A study: what one scenario file asks to run. Without "sweep" and "compare" it is one simulation. A "sweep"
// section {"path": [values...], ...} asks for the cartesian product of its lists; a linked key
// {"path1 + path2": [[v1, v2], ...]} sweeps several parameters together (e.g. an algorithm with the MPI it runs
// on), one dimension per path moving in step; "compare": true adds the
// backend as a last dimension ('quadrics', 'bcs'). Each combination is a point: the scenario with those values
// set, resolved and validated like any scenario. Points are numbered in a fixed order (the last dimension
// varies fastest), which every output follows whatever runs them.
#include "sim/config/scenario.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace bcssim::sim {

struct SweepDimension {
  std::string path; // a parameter path, or "mpi" for compare
  std::vector<nlohmann::json> values;
  std::size_t group = 0;  // dimensions of one group move together (a linked key "a + b"): the k-th values go together
  bool replicate = false; // the "seed" dimension that `replicates` adds: points that differ only here are replicates
  std::string key;        // the sweep key as the scenario writes it ("a + b" for a linked one)
  std::size_t linked = 0; // position of `path` in its linked key (0 for a key of one path)
};

/// The most points one study may have (each is resolved up front, ~25 kB apiece): a bigger sweep is refused with
/// exit 2 before it is expanded. Split it, e.g. with --set sweep.<path>=[...], into studies of this size.
inline constexpr std::size_t kMaxStudyPoints = 10000;

/// A coordinate as a CSV cell: its text, quoted (RFC 4180) when it holds a comma, a quote or a newline (e.g. a
/// swept list of jobs).
std::string coordinate_cell(const nlohmann::json& v);

/// Folder of point i inside a study's results: "points/0007".
std::string point_folder(std::size_t i);

class Study {
public:
  /// Reads a scenario file; `sets` are --set overrides applied to every point. Every point is resolved here,
  /// so a bad value anywhere is reported before anything runs (as "sweep.<path>[k]" when it came from a sweep).
  static Study load(const std::string& file, const std::vector<std::string>& sets = {});
  /// `order`: the keys' order in the file (Scenario::read's), in which errors are reported.
  static Study resolve(nlohmann::json user, const std::vector<std::string>& sets, const std::string& default_name,
                       const KeyOrder* order = nullptr);

  const std::string& name() const { return name_; }
  /// The --set overrides applied to every point.
  const std::vector<std::string>& overrides() const { return sets_; }
  /// True for a plain scenario: one point, no sweep, no compare.
  bool single() const { return dimensions_.empty(); }
  bool compare() const { return compare_; }
  /// Runs per point (replicates): the values of the dimension marked replicate, 1 without one.
  std::size_t replicates() const;
  const std::vector<SweepDimension>& dimensions() const { return dimensions_; }
  std::size_t size() const { return points_.size(); }
  /// Point i's value of every dimension, in dimension order.
  std::vector<nlohmann::json> coordinates(std::size_t i) const;
  /// "--set" assignments that make point i from the file (the study's own sets included).
  std::vector<std::string> point_sets(std::size_t i) const;
  const Scenario& point(std::size_t i) const { return points_.at(i); }
  /// Short label of point i: "app.processes=16 mpi=bcs".
  std::string label(std::size_t i) const;

private:
  std::string name_;
  bool compare_ = false;
  std::vector<SweepDimension> dimensions_;
  std::vector<std::string> sets_;
  std::size_t groups_ = 0;                       // dimension groups (linked dimensions share one)
  std::vector<std::vector<std::size_t>> coords_; // per point: the index of its values in each group
  std::vector<Scenario> points_;
};

} // namespace bcssim::sim
