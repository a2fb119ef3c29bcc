// The registered scenario kinds: one line each.
#include "sim/kinds/registry.hpp"

#include "sim/kinds/app/kind.hpp"
#include "sim/kinds/launch/kind.hpp"
#include "sim/kinds/microbench/kind.hpp"
#include "sim/kinds/mpi_microbench/kind.hpp"
#include "sim/kinds/workload/kind.hpp"

#include "base/registry.hpp"

namespace bcssim::sim {

const std::vector<Kind>& kinds()
{
  static const std::vector<Kind> all = {
      microbench_kind(),     // the raw QsNet substrate and the core primitives
      mpi_microbench_kind(), // OSU-style MPI benchmarks on a backend
      app_kind(),            // one application on a backend
      workload_kind(),       // several jobs under a scheduling algorithm
      launch_kind(),         // STORM launching one job: binary transfer and process launch
  };
  return all;
}

const Kind& find_kind(const std::string& name) { return base::find_named(kinds(), name, "scenario kind"); }

std::vector<std::string> kind_names() { return base::names_of(kinds()); }

} // namespace bcssim::sim
