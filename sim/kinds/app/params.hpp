#pragma once
// Kind "app"'s own parameters: which application runs (app.*) and which node's EMDS figures are plotted; each with
// its default and source. The applications' own sections are declared by each application (apps/<name>/app.cpp).
#include "base/params.hpp"

#include <string>

namespace bcssim::sim {

struct AppSpec {
  std::string name;       // one of apps::registry()
  unsigned processes = 0; // MPI ranks; 0: every PE of the machine
};

struct EmdsPlotSpec {
  unsigned node = 0; // the node whose local EMDS figures are plotted
};

const base::ParamGroup<AppSpec>& app_params();
const base::ParamGroup<EmdsPlotSpec>& emds_plot_params();

} // namespace bcssim::sim
