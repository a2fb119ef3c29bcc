#include "sim/kinds/workload/scheduler_check.hpp"

#include "bcs/runtime/params.hpp"
#include "mpi/backend.hpp"
#include "storm/machine_manager/params.hpp"

#include <fmt/format.h>

namespace bcssim::sim {
namespace {

// An algorithm's need of the MPI against a backend's capability (storm::MpiNeed).
bool runs_on(const storm::Algorithm& a, const mpi::Backend& b)
{
  switch (a.mpi) {
    case storm::MpiNeed::any:
      return true;
    case storm::MpiNeed::no_strobe:
      return !b.has_strobe();
    case storm::MpiNeed::strobe:
      return b.has_strobe();
  }
  return false;
}

} // namespace

void check_scheduler(const Scenario& sc)
{
  const storm::SchedulerSpec spec = sc.spec(storm::scheduler_params());
  const storm::Algorithm& a = storm::algorithm(spec.algorithm);
  const mpi::Backend& here = mpi::backend(sc.mpi());
  if (!runs_on(a, here)) {
    std::string allowed, backends;
    for (const storm::Algorithm& other : storm::algorithms())
      if (runs_on(other, here))
        allowed += fmt::format("{}{}", allowed.empty() ? "" : ", ", other.name);
    for (const mpi::Backend& b : mpi::backends())
      if (runs_on(a, b))
        backends += fmt::format("{}{}", backends.empty() ? "" : " or ", b.name);
    throw ScenarioError(
        "scheduler.algorithm", sc.shown("scheduler.algorithm"),
        fmt::format("one that runs on mpi = {} ({}); {} runs on mpi = {}", sc.mpi(), allowed, a.name, backends));
  }
  if (a.strobe_paced && spec.quantum < sc.spec(bcs::runtime::runtime_params()).slice)
    throw ScenarioError("scheduler.quantum", sc.shown("scheduler.quantum"),
                        fmt::format("at least one BCS-MPI slice (bcs.runtime.slice = {}): the global context switch "
                                    "rides on the slice strobes under {}",
                                    sc.shown("bcs.runtime.slice"), a.name));
}

} // namespace bcssim::sim
