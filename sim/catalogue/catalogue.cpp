// The catalogue: every parameter, as its module declares it (base/params.hpp), assembled in one order, and every
// module's rules on a resolved scenario. The scenario's own parameters come first, then the machine's (each module
// registers its groups: sim/machine/machine_groups.hpp), then each registered kind's, backend's and application's.
// This is the one place that knows every module: sim/config declares catalog() and check_scenario_rules() and is
// written against them without including any module (the layer picture in README: config below machine and
// kinds, the catalogue above them). Sources: 002 = thesis excerpt, 000 = BCS-MPI chapter.
#include "sim/config/params.hpp"
#include "sim/config/scenario.hpp"

#include "mpi/backend.hpp"
#include "sim/kinds/registry.hpp"
#include "sim/machine/machine_params.hpp"

#include <fmt/format.h>

#include <set>
#include <stdexcept>

namespace bcssim::sim {
namespace {

std::vector<base::ParamDecl> scenario_params()
{
  std::vector<base::ParamDecl> c;
  c.push_back(base::text_decl(
      "name", "scenario",
      "Scenario name; results go to out/<name>/. Letters, digits, '.', '_' and '-'. Default: the file's name; for a "
      "replay, its trace's (replay.trace); either with other characters made '_'.",
      "scenario choice"));
  c.push_back(base::integer_decl("seed", 1, 0, 9007199254740991.0,
                                 "Seed of every pseudo-random stream (noise, variability). Same scenario + seed => "
                                 "same digest.",
                                 "scenario choice"));
  std::string kinds_doc = "What to run:";
  for (const Kind& k : kinds())
    kinds_doc += fmt::format(" '{}' {};", k.name, k.doc);
  kinds_doc.back() = '.';
  c.push_back(base::choice_decl("kind", kinds().front().name.c_str(), kind_names(), kinds_doc, "scenario choice"));
  std::string mpi_doc = "MPI the application runs on:";
  for (const mpi::Backend& b : mpi::backends())
    mpi_doc += fmt::format(" '{}' = {};", b.name, b.doc);
  mpi_doc.back() = '.';
  c.push_back(
      base::choice_decl("mpi", mpi::backends().front().name.c_str(), mpi::backend_names(), mpi_doc, "scenario choice"));
  c.push_back(base::flag_decl("compare", false,
                              fmt::format("Run every point on each backend ({}), in that order, and report the "
                                          "slowdown of each over the first (kinds app and mpi_microbench; 'mpi' is "
                                          "then not swept).",
                                          fmt::join(mpi::backend_names(), ", ")),
                              "scenario choice"));
  c.push_back(base::integer_decl("replicates", 1, 1, 1000,
                                 "Runs of each point, with seeds seed, seed + 1, ..., seed + replicates - 1 (a last "
                                 "study dimension 'seed', before the backend): the study reports each point's mean, "
                                 "standard deviation and 95 % confidence interval (replicates.csv, error bars). "
                                 "Seeds differ only where something draws from them (noise, an application's "
                                 "variability or imbalance). 1 = one deterministic run per point.",
                                 "scenario choice"));
  c.push_back(base::flag_decl("run_bounds", true,
                              "Refuse (exit 2), before it runs, a run estimated to take hours of wall time: the "
                              "BCS-MPI slices, noise detours, point-to-point data, MPI calls and messages it must "
                              "act out (docs/model.md, 'Runs of hours within the limit'). false = run it anyway: "
                              "a guard of the simulator, not part of the model (the results are the same).",
                              "simulator guard"));
  c.push_back(base::choice_decl("platform.preset", "crescendo", preset_names("platform.preset"),
                                "Machine whose values replace the defaults below; any field can still be overridden.",
                                "002 Table 1.1, 000 §6.1"));
  c.push_back(base::choice_decl("noise.preset", "none", preset_names("noise.preset"),
                                "Noise preset, applied before the scenario's own noise.* values: 'none' = no noise; "
                                "'daemon' = a system daemon taking one 10 ms OS quantum on each node's CPU once per "
                                "second, at a random phase per node (noise.cpu.period = 1s, noise.cpu.duration = "
                                "10ms).",
                                "003 §5.3.2 (a daemon scheduled for one 10 ms quantum); the once-per-second rate is "
                                "assumed"));
  return c;
}

std::vector<ParamSpec> declare()
{
  std::vector<base::ParamDecl> decls = scenario_params();
  const auto machine = machine_params();
  decls.insert(decls.end(), machine.begin(), machine.end());
  for (const Kind& k : kinds())
    decls.insert(decls.end(), k.params.begin(), k.params.end());
  for (const mpi::Backend& b : mpi::backends())
    decls.insert(decls.end(), b.params.begin(), b.params.end());

  std::vector<ParamSpec> c;
  std::set<std::string> seen;
  for (base::ParamDecl& d : decls) {
    if (!seen.insert(d.path).second)
      throw std::logic_error("parameter " + d.path + " is declared twice");
    ParamSpec p;
    static_cast<base::ParamDecl&>(p) = std::move(d);
    p.default_json = nlohmann::json::parse(p.default_literal);
    p.before_json = p.before_literal.empty() ? p.default_json : nlohmann::json::parse(p.before_literal);
    if (check_value(p, p.before_json))
      throw std::logic_error("parameter " + p.path + ": its value before it existed is not one of its values");
    c.push_back(std::move(p));
  }
  return c;
}

} // namespace

const std::vector<ParamSpec>& catalog()
{
  static const std::vector<ParamSpec> c = declare();
  return c;
}

std::vector<std::pair<std::string, nlohmann::json>> derived_values(const Scenario& sc,
                                                                   const std::set<std::string>& given)
{
  const Kind& kind = find_kind(sc.kind());
  return kind.derived ? kind.derived(sc, given) : std::vector<std::pair<std::string, nlohmann::json>>{};
}

void check_scenario_rules(const Scenario& sc)
{
  check_machine(sc);              // the models' rules (sim/machine)
  find_kind(sc.kind()).check(sc); // the kind's rules (sim/kinds)
}

} // namespace bcssim::sim
