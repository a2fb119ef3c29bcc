#pragma once
// A scenario kind: what a scenario of that kind runs on the machine and reports. Each kind is a folder under
// sim/kinds/ with a `kind()` function returning its registration (name, doc, parameters, rules, runner), listed
// once in registry.cpp. The driver (sim/driver) only goes through this interface.
#include "base/params.hpp"
#include "sim/config/scenario.hpp"
#include "sim/machine/world.hpp"
#include "sim/output/output_catalogue.hpp"
#include "sim/output/results_dir.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace bcssim::sim {

/// A kind's simulation: started on the World before the engine runs, finished after it, then reported from
/// plain data (the World is gone by then).
class KindRun {
public:
  virtual ~KindRun() = default;
  /// After the engine ran, while the World lives: checks the outcome (DeadlockError) and keeps the results.
  virtual void finish() = 0;
  /// The kind's entries of summary.json.
  virtual void summarize(nlohmann::json& summary) const = 0;
  /// runs.csv and the kind's other files and plots.
  virtual void write(const ResultsDir& dir) const = 0;
};

/// One point of a study, as its kind's study report sees it.
struct StudyPoint {
  std::vector<std::pair<std::string, std::string>> coordinates; // (path, value) of each swept dimension
  nlohmann::json summary;                                       // its summary.json
  std::string folder;                                           // its results, relative to the study's: "points/0007"
};

struct Kind {
  std::string name;
  std::string doc;
  /// The parameters it owns (its section of the scenario).
  std::vector<base::ParamDecl> params;
  /// Its rules on a resolved scenario (e.g. nodes it names exist); throws ScenarioError.
  std::function<void(const Scenario&)> check;
  /// Creates its actors on the World; the driver then runs the engine and calls finish().
  std::function<std::unique_ptr<KindRun>(World&, const Scenario&)> start;
  /// Optional: the tables and plots of a study of this kind across its points (in point order); may add to the
  /// study's summary.json.
  std::function<void(const ResultsDir&, const std::vector<StudyPoint>&, nlohmann::json& summary)> study_report;
  /// The figures a user would quote from one run's summary.json, on one line (`bcssim run` prints it).
  std::function<std::string(const nlohmann::json& summary)> headline;
  /// The files it writes and their columns (docs/outputs.md; the docs check holds the committed tables to them).
  std::vector<OutputFile> outputs;
  /// It runs on the backend `mpi`: `compare` may run each point on every backend.
  bool on_backend = false;
  /// Optional: a point's run time from its summary.json, s: a study of this kind then gets time.csv, and with
  /// compare slowdowns.csv, with a noise dimension noise_slowdowns.csv, with replicates replicates.csv
  /// (sim/study/study_merge.cpp). `subject` names what ran in those plots' titles ("sage").
  std::function<double(const nlohmann::json& summary)> run_time_s;
  std::function<std::string(const Scenario&)> subject;
  /// The dimension those plots put on x when it is swept, and its axis label ("app.processes", "MPI processes").
  std::string x_path;
  std::string x_label;
  /// Optional: the MPI ranks a scenario of this kind creates at once, for the memory check before a run
  /// (sim/machine/memory_budget.hpp); none: only the machine's own actors.
  std::function<std::uint64_t(const Scenario&)> ranks;
  /// Optional: values the scenario's own input gives where the user set none (a replay's app.processes and name
  /// from its trace), as (path, JSON value), for the paths the user did not give (`given`: those the user did).
  std::function<std::vector<std::pair<std::string, nlohmann::json>>(const Scenario&,
                                                                    const std::set<std::string>& given)>
      derived;
};

const std::vector<Kind>& kinds();
/// The kind named `name`; std::invalid_argument naming the known ones otherwise.
const Kind& find_kind(const std::string& name);
std::vector<std::string> kind_names();

} // namespace bcssim::sim
