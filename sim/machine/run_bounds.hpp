#pragma once
// Bounds on what a run acts out whatever its messages (issue 45 item 12): every slice of a backend's strobe
// (BCS-MPI's) and every OS-noise detour is simulated even while every process computes, so a run whose least
// span asks for too many of them is refused at validation, for the app kind and for workloads alike.
#include "sim/config/scenario.hpp"

#include <string>

namespace bcssim::sim {

/// The least span of a run and what gives it, as the errors say it: "the job's computation alone (sage)", "the
/// workload's work over the machine's PEs, or its last submission".
struct LeastSpan {
  double seconds = 0;
  std::string why;
};

/// Throws ScenarioError naming `mpi` when the backend's strobe would act out more than about 7e6 slices over the
/// span, or naming `noise.<cpu|nic>.period` when the nodes' detours would number more than 5e8; `fewer` says
/// how the span itself shrinks ("a shorter computation", "fewer jobs (workload.swf_jobs)").
void check_strobe_and_noise(const Scenario& sc, const LeastSpan& span, const std::string& fewer);

} // namespace bcssim::sim
