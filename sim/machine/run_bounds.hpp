#pragma once
// Bounds on what a run acts out whatever its messages (issue 45 item 12): every slice of a backend's strobe
// (BCS-MPI's) and every OS-noise detour is simulated even while every process computes, so a run whose least
// span asks for too many of them is refused at validation, for the app kind and for workloads alike; and a job
// whose messages and calls alone would take hours (issue 67 item 6). These are simulator guards, not part of the
// model: `run_bounds = false` runs such a scenario anyway, with the same results.
#include "apps/traffic.hpp"
#include "models/noise/profile_ledger.hpp"
#include "sim/config/scenario.hpp"

#include <string>

namespace bcssim::sim {

/// A lower bound of how long something lasts, and what gives it, as the errors say it (e.g. "the synthetic
/// job's computation alone").
struct LeastSpan {
  double seconds = 0;
  std::string why;
};

/// False when the scenario sets run_bounds = false: every bound below (and the workloads' own) is then skipped.
bool run_bounds_on(const Scenario& sc);

/// Throws ScenarioError naming `mpi` when the backend's strobe would act out more than 7e6 slices while a job
/// runs for at least `busy` (the strobe stops while no job runs); `remedy` says how `busy` itself shrinks ("a
/// shorter computation").
void check_strobe(const Scenario& sc, const LeastSpan& busy, const std::string& remedy);

/// Throws ScenarioError naming `noise.<cpu|nic>.period` when the nodes' detours would number more than 5e8 over
/// a run of at least `run` (detours go on while the machine waits for a job), or would hold more than 2 GiB of
/// SimGrid's speed profiles (noise_profile_budget()).
void check_noise(const Scenario& sc, const LeastSpan& run);

/// Bytes the noise's speed profiles may hold during the run (models/noise/profile_ledger.hpp): 2 GiB, or a fifth of
/// the memory left when less; 0 (no budget) when run_bounds = false.
std::uint64_t noise_profile_budget(const Scenario& sc);

/// Throws ScenarioError naming `noise.<cpu|nic>.period` when `ledger` stopped the run.
void refuse_noise_overrun(const Scenario& sc, const noise::ProfileLedger& ledger);

/// B/s: the most one rank can send or receive, its node's PCI bus in one direction (or a PIO copy): every byte
/// between two ranks crosses it.
double most_rank_rate(const Scenario& sc);

/// A job of kind app: its least run time is the largest of its busiest rank's `computation` (s), its busiest
/// rank's bytes at most_rank_rate() and, on a backend with a strobe, a slice per blocking call of one rank; over
/// it, check_strobe() and check_noise(). Also throws ScenarioError naming `mpi` when the strobe's checks and slices
/// while the data move would take more than 20 minutes to simulate, and naming `traffic.path` when its MPI calls
/// and messages would number more than 3e7.
void check_job(const Scenario& sc, const std::string& app, double computation, const apps::Traffic& traffic);

/// While one lives on this thread, check_job() counts a job's computation only: a workload's jobs are held to the
/// workload's own bounds (its process steps, sim/kinds/workload/swf_jobs.cpp), not to one job's calls and data.
class WorkloadJobCheck {
public:
  WorkloadJobCheck();
  ~WorkloadJobCheck();
  WorkloadJobCheck(const WorkloadJobCheck&) = delete;
  WorkloadJobCheck& operator=(const WorkloadJobCheck&) = delete;
};

} // namespace bcssim::sim
