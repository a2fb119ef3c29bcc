#pragma once
// An application: one registration (apps/registry.cpp) gives its name, doc, parameters and main. Everything above
// apps/ runs an application by name; a new one is a folder under apps/ with an `app()` function plus its line in
// the registry.
#include "apps/traffic.hpp"
#include "base/params.hpp"
#include "mpi/job.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::apps {

/// What an application's own input says of parameters a scenario may leave unset (a trace: its ranks and name).
struct AppDefaults {
  unsigned processes = 0; // app.processes; 0: cannot tell (the application's check then says why)
  std::string name;       // a name for the scenario (its default results folder); "": none
};

/// What an application learns of the job it runs in.
struct JobContext {
  unsigned ranks = 0;
  double pe_speed = 0;    // flop/s of one PE: cycles of work become seconds
  std::uint64_t seed = 0; // the scenario's seed
};

struct App {
  std::string name;
  std::string doc;
  /// Its parameters (for the catalogue; main and check read them from the source).
  std::vector<base::ParamDecl> params;
  /// Rules that need the job (e.g. the process grid fits the ranks): the first broken one, full path.
  std::function<std::optional<base::ParamError>(const base::ParamSource&, const JobContext&)> check;
  /// What each rank runs.
  std::function<mpi::RankMain(const base::ParamSource&, const JobContext&)> main;
  /// The runs.csv "variant": what distinguishes its runs beyond the processes.
  std::function<std::string(const base::ParamSource&)> variant;
  /// A lower bound of the job's run time in simulated seconds (its busiest rank's computation, nothing else): what
  /// validation bounds the cost of a run by (a BCS-MPI slice or a noise detour acted out per period of it, issue
  /// 45 item 12). Null when the application cannot tell before it runs.
  std::function<double(const base::ParamSource&, const JobContext&)> least_time;
  /// What its ranks at least communicate (apps/traffic.hpp), bounded with least_time (issue 67 item 6). Null:
  /// nothing counted (its communication then adds nothing to the bounds).
  std::function<Traffic(const base::ParamSource&, const JobContext&)> least_traffic = nullptr;
  /// Optional: the scenario's name and, when `ranks` is true, app.processes as the application's input gives them,
  /// for a scenario that leaves them unset (sim/kinds/app: Kind::derived).
  std::function<AppDefaults(const base::ParamSource&, bool ranks)> defaults{}; // (initialized: apps may omit it)
};

const std::vector<App>& registry();
/// The application named `name`; std::invalid_argument naming the known ones otherwise.
const App& find(const std::string& name);
std::vector<std::string> names();

/// `<app>.imbalance` and `<app>.variability`: the seeded uneven work of apps/common/variable_work.hpp.
template <class Spec>
void declare_uneven_work(base::ParamGroup<Spec>& g, double Spec::*imbalance, double Spec::*variability,
                         const std::string& interval)
{
  g.real("imbalance", imbalance, 0, 0, 100,
         "Static load imbalance: rank r computes (1 + imbalance x a_r) times the mean, a_r drawn once per "
         "rank uniformly in [0, 1) from the seed.",
         "scenario choice");
  g.real("variability", variability, 0, 0, 1,
         "Dynamic variability: each " + interval +
             " is multiplied by 1 + variability x (2u - 1), u "
             "uniform in [0, 1) drawn per rank and interval from the seed.",
         "scenario choice");
}

} // namespace bcssim::apps
