#pragma once
// Bounds on what a run acts out whatever its messages (issue 45 item 12): every slice of a backend's strobe
// (BCS-MPI's) and every OS-noise detour is simulated even while every process computes, so a run whose least
// span asks for too many of them is refused at validation, for the app kind and for workloads alike.
#include "sim/config/scenario.hpp"

#include <string>

namespace bcssim::sim {

/// A lower bound of how long something lasts, and what gives it, as the errors say it (e.g. "the synthetic
/// job's computation alone").
struct LeastSpan {
  double seconds = 0;
  std::string why;
};

/// Throws ScenarioError naming `mpi` when the backend's strobe would act out more than 7e6 slices while a job
/// runs for at least `busy` (the strobe stops while no job runs); `remedy` says how `busy` itself shrinks ("a
/// shorter computation").
void check_strobe(const Scenario& sc, const LeastSpan& busy, const std::string& remedy);

/// Throws ScenarioError naming `noise.<cpu|nic>.period` when the nodes' detours would number more than 5e8 over
/// a run of at least `run` (detours go on while the machine waits for a job).
void check_noise(const Scenario& sc, const LeastSpan& run);

} // namespace bcssim::sim
