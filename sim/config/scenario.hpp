#pragma once
// A scenario: the user's JSON, overridden by --set, validated against the catalogue and resolved against the
// preset and the defaults; then the machine's rules and its kind's rules are checked. Every error names the JSON
// path, the value and what is allowed. Models get their typed specs from it through their parameter groups.
#include "base/params.hpp"
#include "sim/config/json_limits.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

class ScenarioError : public std::runtime_error {
public:
  ScenarioError(const std::string& path, const std::string& value, const std::string& allowed)
      : std::runtime_error(path + " = " + shorten_value(value) + ": expected " + allowed), path_(path),
        value_(shorten_value(value)), allowed_(allowed)
  {
  }
  const std::string& path() const { return path_; }
  const std::string& value() const { return value_; }
  const std::string& allowed() const { return allowed_; }
  /// Errors found in the same pass after this one (each "path = value: expected ..."), reported after it, as a
  /// compiler reports every error of a file: a scenario's unknown keys and bad values.
  const std::vector<std::string>& further() const { return further_; }
  void add_further(std::string message) { further_.push_back(std::move(message)); }

private:
  std::string path_;
  std::string value_;
  std::string allowed_;
  std::vector<std::string> further_;
};

/// `wanted` (a file's or a trace's name) made a scenario name: each character but letters, digits, '.', '_' and '-'
/// an '_', no leading '.', at most 200 characters ("my scen é" -> "my_scen___"); "" stays "". A name the user
/// writes is checked as written instead.
std::string folder_name(const std::string& wanted);

class Scenario : public base::ParamSource {
public:
  /// Reads a scenario file's JSON (ScenarioError when unreadable or malformed).
  static nlohmann::json read(const std::string& file, KeyOrder* order = nullptr);
  /// Reads and resolves a scenario file. `sets` are "path=value" overrides (value: JSON, else a plain string).
  static Scenario load(const std::string& file, const std::vector<std::string>& sets = {});
  /// Resolves an already parsed scenario; `default_name` (the file's name), made a folder name by folder_name,
  /// stands in when it has no "name". `order`: its keys' order in the file (read's), in which errors are reported.
  static Scenario resolve(nlohmann::json user, const std::vector<std::string>& sets,
                          const std::string& default_name = "scenario", const KeyOrder* order = nullptr);

  /// This scenario with `fragment`'s values over it (a workload's job: its app sections over the machine), checked
  /// as `resolve` checks a file; the same as resolving the echo with the fragment merged in, without walking the
  /// whole catalogue again (1000 jobs took a second and a half). The fragment may not name a preset. What the kind
  /// derives from its input (a replay's app.processes) is derived again where neither gave a value.
  Scenario with(const nlohmann::json& fragment) const;
  /// Whether the user gave the parameter (in the file, a --set, or a fragment `with` put over it).
  bool given(const std::string& path) const { return given_.count(path) > 0; }

  const std::string& name() const { return name_; }
  /// The scenario's own parameters (declared in sim/catalogue/catalogue.cpp): what runs, on which MPI, seeded how.
  std::string kind() const { return text("kind"); }
  std::string mpi() const { return text("mpi"); }
  std::uint64_t seed() const { return std::uint64_t(integer("seed")); }
  /// The "path=value" overrides it was resolved with (--set, and a study point's coordinates), in order.
  const std::vector<std::string>& overrides() const { return overrides_; }
  /// Every parameter with its resolved value, nested by path (the scenario echo of summary.json).
  nlohmann::json echo() const;

  const nlohmann::json& raw(const std::string& path) const;
  std::int64_t integer(const std::string& path) const;
  double real(const std::string& path) const;
  bool flag(const std::string& path) const;
  std::string text(const std::string& path) const;
  /// A quantity in SI units.
  double quantity(const std::string& path) const;
  std::vector<double> quantities(const std::string& path) const;
  std::vector<std::int64_t> integers(const std::string& path) const;
  std::vector<std::string> texts(const std::string& path) const;

  /// base::ParamSource: a declared parameter's resolved value (numbers in SI units, words).
  base::ParamValue value(const std::string& path) const override;
  /// The value as written, for messages.
  std::string shown(const std::string& path) const override;
  /// The typed spec of a model's parameter group; a broken rule of the model is a ScenarioError.
  template <class Spec> Spec spec(const base::ParamGroup<Spec>& group) const
  {
    try {
      return group.build(*this);
    } catch (const base::ParamRuleError& e) {
      throw ScenarioError(e.error.path, e.error.value, e.error.allowed);
    }
  }

private:
  std::map<std::string, nlohmann::json> values_;
  std::set<std::string> given_; // the paths the user gave a value
  std::string name_;
  std::vector<std::string> overrides_;
};

/// What the scenario's kind derives from its input for parameters the user may leave unset (Kind::derived: a
/// replay's app.processes and name from its trace) where the user gave no value (`given`: the paths it gave), before
/// the rules are checked. Defined in sim/catalogue/catalogue.cpp.
std::vector<std::pair<std::string, nlohmann::json>> derived_values(const Scenario& sc,
                                                                   const std::set<std::string>& given);

/// The rules of the machine and of the scenario's kind on a resolved scenario; throws ScenarioError. Defined in
/// sim/catalogue/catalogue.cpp, which knows every module (resolve() and with() call it last).
void check_scenario_rules(const Scenario& sc);

} // namespace bcssim::sim
