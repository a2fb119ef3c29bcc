// Kind "app": one application (app.name, one of apps::registry()) as one MPI job on the scenario's machine and
// backend. Its result is the job's makespan, its MPI calls per primitive and, on BCS-MPI, the MDS's records.
#include "sim/kinds/app/kind.hpp"

#include "base/units.hpp"

#include "sim/kinds/app/app_report.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/app/mds_report.hpp"
#include "sim/kinds/app/params.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/run_bounds.hpp"
#include "sim/machine/slice_probe.hpp"

#include <fmt/format.h>

#include <cctype>

namespace bcssim::sim {
namespace {

std::vector<base::ParamDecl> params()
{
  std::vector<base::ParamDecl> c = base::declarations(app_params());
  for (const apps::App& a : apps::registry())
    c.insert(c.end(), a.params.begin(), a.params.end());
  base::append_declarations(c, emds_plot_params());
  return c;
}

// The slices, detours, calls and messages the run acts out, over the application's least run time (and, whatever
// run_bounds says, its data within the limit of simulated time: check_job).
void check_run_cost(const Scenario& sc, unsigned ranks)
{
  const apps::App& app = apps::find(sc.spec(app_params()).name);
  if (!app.least_time)
    return;
  const apps::JobContext job = app_context(sc, ranks);
  check_job(sc, app.name, app.least_time(sc, job), app.least_traffic ? app.least_traffic(sc, job) : apps::Traffic{});
}

// The job fits the machine; the application's own rules hold for it; the run is not one of hours whatever its
// messages; the plotted node exists.
void check(const Scenario& sc)
{
  const std::int64_t nodes = machine_size(sc).nodes;
  const std::int64_t pes = machine_size(sc).pes_per_node;
  const AppSpec app = sc.spec(app_params());
  const std::int64_t asked = app.processes;
  if ((asked > 0 ? asked : nodes * pes) > nodes * pes)
    throw ScenarioError("app.processes", sc.shown("app.processes"),
                        fmt::format("at most platform.nodes x platform.pes_per_node = {} x {} = {} (or 0: all){}",
                                    nodes, pes, nodes * pes,
                                    apps::find(app.name).defaults ? "; left unset, it is what the application's "
                                                                    "input asks (a replay's trace's ranks): give "
                                                                    "more platform.nodes"
                                                                  : ""));
  const unsigned ranks = app_ranks(sc);
  try {
    if (auto e = apps::find(app.name).check(sc, app_context(sc, ranks)))
      throw ScenarioError(e->path, e->value.empty() ? sc.shown(e->path) : e->value, e->allowed);
  } catch (const base::ParamRuleError& e) {
    throw ScenarioError(e.error.path, e.error.value, e.error.allowed);
  }
  check_run_cost(sc, ranks);
  check_slice_leaves_time(sc);
  if (sc.spec(emds_plot_params()).node >= nodes)
    throw ScenarioError("bcs.mds.plot_node", sc.shown("bcs.mds.plot_node"),
                        fmt::format("nodes below platform.nodes = {}", nodes));
}

// Where the scenario leaves them unset, app.processes and the name come from the application's input (a replay's
// trace); an input it cannot read gives nothing, and the application's check reports it.
std::vector<std::pair<std::string, nlohmann::json>> derived(const Scenario& sc, const std::set<std::string>& given)
{
  std::vector<std::pair<std::string, nlohmann::json>> out;
  const apps::App& app = apps::find(sc.spec(app_params()).name);
  const bool ranks = !given.count("app.processes"), name = !given.count("name");
  if (!app.defaults || (!ranks && !name))
    return out;
  const apps::AppDefaults d = app.defaults(sc, ranks);
  if (ranks && d.processes > 0)
    out.emplace_back("app.processes", d.processes);
  if (const std::string folder = folder_name(d.name); name && !folder.empty())
    out.emplace_back("name", folder);
  return out;
}

class AppKindRun : public KindRun {
public:
  AppKindRun(World& world, const Scenario& sc) : app_(std::make_unique<AppRun>(world, sc)) { app_->start(); }
  void finish() override
  {
    app_->check();
    result_ = app_->result();
    app_.reset(); // the job's state refers to the World, which ends before the results are written
  }
  const AppResult& result() const { return result_; }
  void summarize(nlohmann::json& summary) const override { summary["app"] = app_figures(result_); }
  void write(const ResultsDir& dir) const override
  {
    dir.write("runs.csv", app_csv({result_}));
    dir.write("profile.csv", app_profile_csv(result_));
    dir.write("call_slices.csv", app_call_slices_csv(result_));
    write_mmds(dir, result_);
    write_emds(dir, result_);
  }

private:
  std::unique_ptr<AppRun> app_;
  AppResult result_;
};

} // namespace

const AppResult& app_result(const KindRun& run) { return dynamic_cast<const AppKindRun&>(run).result(); }

Kind app_kind()
{
  Kind k;
  k.name = "app";
  k.doc = "runs the application app.name on the backend 'mpi'";
  k.params = params();
  k.check = check;
  k.derived = derived;
  k.start = [](World& world, const Scenario& sc) { return std::make_unique<AppKindRun>(world, sc); };
  k.outputs = app_outputs();
  k.on_backend = true;
  k.run_time_s = [](const nlohmann::json& summary) { return summary.at("app").at("time_ns").get<double>() * 1e-9; };
  k.subject = [](const Scenario& sc) { return sc.spec(app_params()).name; };
  k.x_path = "app.processes";
  k.x_label = "MPI processes";
  k.ranks = [](const Scenario& sc) {
    const AppSpec app = sc.spec(app_params());
    return app.processes > 0 ? std::uint64_t(app.processes) : machine_size(sc).pes();
  };
  k.headline = [](const nlohmann::json& summary) {
    const auto& a = summary.at("app");
    const std::string variant = a.value("variant", "");
    return fmt::format("{}{} on {}, {} on {}: run time {} s", a.at("app").get<std::string>(),
                       variant.empty() ? "" : " (" + variant + ")", a.at("mpi").get<std::string>(),
                       base::counted(a.at("processes").get<long>(), "process", "processes"),
                       base::counted(a.at("nodes").get<long>(), "node"), base::readable(a.at("time_s").get<double>()));
  };
  return k;
}

} // namespace bcssim::sim
