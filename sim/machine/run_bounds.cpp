#include "sim/machine/run_bounds.hpp"

#include "base/sim_time.hpp"
#include "base/units.hpp"
#include "mpi/backend.hpp"
#include "sim/machine/machine_params.hpp"

#include <fmt/format.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_machine_run_bounds, "sim.machine.run_bounds: Slices and detours a run may act out");

namespace bcssim::sim {
namespace {

// Measured on this machine (2026-12-02): an idle BCS-MPI slice costs about 180 us of wall time on 32 or 128 nodes
// (idle nodes are batched, bcs/runtime/strobe_receiver.cpp), 10 s of synthetic computation took 3.6 s; detours
// every 10 us on 32 nodes for 10 s, 3.2e7 of them, took 72 s. Each bound is some 20 minutes of simulation.
constexpr double kMostSlices = 7e6;
constexpr double kMostDetours = 5e8;

} // namespace

void check_strobe(const Scenario& sc, const LeastSpan& busy, const std::string& remedy)
{
  const mpi::Backend& backend = mpi::backend(sc.mpi());
  if (!backend.slice)
    return;
  const double slice = backend.slice(sc);
  const double slices = busy.seconds / slice;
  if (slices > kMostSlices)
    throw ScenarioError("mpi", sc.shown("mpi"),
                        fmt::format("a run of at most {} slices of its strobe (about 20 minutes of simulation): "
                                    "the strobe runs for at least {} s ({}), {} slices of {} ({}, a longer "
                                    "slice, or another backend)",
                                    base::short_number(kMostSlices),
                                    base::short_number(base::significant(busy.seconds, 3)), busy.why,
                                    base::short_number(base::significant(slices, 2)),
                                    base::format_quantity(base::Quantity::time, slice), remedy));
}

void check_noise(const Scenario& sc, const LeastSpan& run)
{
  const unsigned nodes = machine_size(sc).nodes;
  for (const char* where : {"cpu", "nic"}) {
    const noise::NoiseSpec noise = noise_spec(sc, where);
    if (!noise.enabled())
      continue;
    const double detours = double(nodes) * run.seconds / noise.period;
    const std::string path = fmt::format("noise.{}.period", where);
    if (detours > kMostDetours)
      throw ScenarioError(path, sc.shown(path),
                          fmt::format("a period at which the {} nodes' detours number at most {} (about 20 minutes "
                                      "of simulation) over the run's at least {} s ({}): here about {}",
                                      nodes, base::short_number(kMostDetours),
                                      base::short_number(base::significant(run.seconds, 3)), run.why,
                                      base::short_number(base::significant(detours, 2))));
  }
}

} // namespace bcssim::sim
