#include "sim/kinds/workload/scheduler_check.hpp"

#include "bcs/runtime/params.hpp"
#include "storm/machine_manager/params.hpp"

#include <fmt/format.h>

namespace bcssim::sim {

void check_scheduler(const Scenario& sc)
{
  const storm::SchedulerSpec spec = sc.spec(storm::scheduler_params());
  const storm::Algorithm& a = storm::algorithm(spec.algorithm);
  auto runs_here = [&sc](const storm::Algorithm& x) { return std::string(x.mpi) == "any" || sc.mpi() == x.mpi; };
  if (!runs_here(a)) {
    std::string allowed;
    for (const storm::Algorithm& other : storm::algorithms())
      if (runs_here(other))
        allowed += fmt::format("{}{}", allowed.empty() ? "" : ", ", other.name);
    throw ScenarioError(
        "scheduler.algorithm", sc.shown("scheduler.algorithm"),
        fmt::format("one that runs on mpi = {} ({}); {} runs on mpi = {}", sc.mpi(), allowed, a.name, a.mpi));
  }
  if (a.strobe_paced && spec.quantum < sc.spec(bcs::runtime::runtime_params()).slice)
    throw ScenarioError("scheduler.quantum", sc.shown("scheduler.quantum"),
                        fmt::format("at least one BCS-MPI slice (bcs.runtime.slice = {}): the global context switch "
                                    "rides on the slice strobes under {}",
                                    sc.shown("bcs.runtime.slice"), a.name));
}

} // namespace bcssim::sim
