#include "sim/kinds/app/params.hpp"

#include "apps/app.hpp"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace bcssim::sim {

const base::ParamGroup<AppSpec>& app_params()
{
  static const base::ParamGroup<AppSpec> g = [] {
    base::ParamGroup<AppSpec> g("app");
    std::string doc = "Application of kind 'app':";
    std::vector<std::pair<std::string, std::string>> names;
    for (const apps::App& a : apps::registry()) {
      doc += fmt::format(" '{}' = {};", a.name, a.doc);
      names.emplace_back(a.name, a.name);
    }
    doc.back() = '.';
    g.choice("name", &AppSpec::name, apps::registry().front().name.c_str(), names, doc, "scenario choice");
    g.integer("processes", &AppSpec::processes, 0, 0, 16777216,
              "MPI processes (ranks) of the application, placed by job.placement from node 0; 0 = every PE of the "
              "machine (platform.nodes x platform.pes_per_node). Unset for a replay: the trace's rank count.",
              "scenario choice");
    return g;
  }();
  return g;
}

const base::ParamGroup<EmdsPlotSpec>& emds_plot_params()
{
  static const base::ParamGroup<EmdsPlotSpec> g = [] {
    base::ParamGroup<EmdsPlotSpec> g("bcs.mds");
    g.integer("plot_node", &EmdsPlotSpec::node, 0, 0, 16777215,
              "The node whose local EMDS figures are plotted (000 Figures 5.4-5.5).", "scenario choice");
    return g;
  }();
  return g;
}

} // namespace bcssim::sim
