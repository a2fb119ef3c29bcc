#include "sim/machine/run_bounds.hpp"

#include "base/sim_time.hpp"
#include "base/units.hpp"
#include "bcs/runtime/params.hpp"
#include "models/qsnet/params.hpp"
#include "mpi/backend.hpp"
#include "mpi/quadrics/backend.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/memory_budget.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {
namespace {

// Simulator guards, not model calibration: each bounds the wall time a run may take, about 20 minutes of
// simulation, from costs measured on this machine (2 cores shared, so within a factor of 2). 2026-12-02: an idle
// BCS-MPI slice costs about 180 us of wall time on 32 or 128 nodes (idle nodes are batched,
// bcs/runtime/strobe_receiver.cpp), 10 s of synthetic computation took 3.6 s; detours every 10 us on 32 nodes for
// 10 s, 3.2e7 of them, took 72 s.
constexpr double kMostSlices = 7e6;
constexpr double kMostDetours = 5e8;
// SimGrid keeps every detour's profile values for the whole run (models/noise/profile_ledger.hpp): 32 B each, so
// that 2 GiB is 6.7e7 detours. A profile's list doubles as it grows, and the allocator (jemalloc) keeps the address
// space of the lists it outgrew: up to four times the values' bytes are mapped, so at most a fifth of the memory
// left is given to them. The run stops past the budget; validation refuses what is sure to pass 2 GiB.
constexpr std::uint64_t kMostNoiseProfileBytes = std::uint64_t(2) << 30;
constexpr std::uint64_t kNoiseShareOfMemoryLeft = 5;
// 2026-12-03 (issue 67 item 6): while BCS-MPI moves point-to-point data, its Strobe Sender checks the unfinished
// microphase every bcs.runtime.retry_backoff, and each slice that moves data acts its microphases out. A 2-rank
// trace of one 1e8 B message took 1.6 s with a 1 us backoff and 0.82 s with 10 us (0.3 s of it start-up), one of
// 1e10 B 140 s: about 2.4 us per check and 0.55 ms per slice that moves data; 1e12 B asked for about 2.5 hours.
constexpr double kPollWall = 2.4e-6;       // s of wall time per check of an unfinished microphase
constexpr double kDataSliceWall = 0.55e-3; // s of wall time per slice that moves data
constexpr double kMostDataWall = 1200;     // s: about 20 minutes
// On either MPI each call and each message is a few simulated events: a synthetic barrier on 2 ranks took 51 us of
// wall time per call (1e5 iterations, 10.3 s), on 16 ranks 18 us; an exchange of 4 KiB messages 23-25 us per call
// or message (2 ranks, 2e4 iterations, 3.7 s; 16 ranks, 2,000 iterations, 5.6 s). 3e7 of them: 9 to 25 minutes.
constexpr double kMostCallsAndMessages = 3e7;
// A trace's compute and sleep actions are one simulated activity each: 2e6 of them on 2 ranks took 6 s of wall
// time on either MPI (2026-12-07), about 3 us each, so 4e8 are about 20 minutes.
constexpr double kMostComputations = 4e8;

std::string number(double x) { return base::short_number(base::significant(x, 2)); }

// What to say past a bound: the option that runs it anyway.
constexpr const char* kAnyway = "; run_bounds = false runs it anyway";

thread_local int workload_jobs_checked = 0; // WorkloadJobCheck's depth

} // namespace

WorkloadJobCheck::WorkloadJobCheck() { ++workload_jobs_checked; }
WorkloadJobCheck::~WorkloadJobCheck() { --workload_jobs_checked; }

bool run_bounds_on(const Scenario& sc) { return sc.flag("run_bounds"); }

void check_strobe(const Scenario& sc, const LeastSpan& busy, const std::string& remedy)
{
  const mpi::Backend& backend = mpi::backend(sc.mpi());
  if (!backend.slice || !run_bounds_on(sc))
    return;
  const double slice = backend.slice(sc);
  const double slices = busy.seconds / slice;
  if (slices > kMostSlices)
    throw ScenarioError("mpi", sc.shown("mpi"),
                        fmt::format("a run of at most {} slices of its strobe (about 20 minutes of simulation): "
                                    "the strobe runs for at least {} s ({}), {} slices of {} ({}, a longer "
                                    "slice, or another backend{})",
                                    base::short_number(kMostSlices),
                                    base::short_number(base::significant(busy.seconds, 3)), busy.why, number(slices),
                                    base::format_quantity(base::Quantity::time, slice), remedy, kAnyway));
}

void check_noise(const Scenario& sc, const LeastSpan& run)
{
  if (!run_bounds_on(sc))
    return;
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
                                      base::short_number(base::significant(run.seconds, 3)), run.why, number(detours)));
    const double held = detours * double(noise::kProfileBytesPerDetour);
    if (held > double(kMostNoiseProfileBytes))
      throw ScenarioError(path, sc.shown(path),
                          fmt::format("a period at which the {} nodes' detours hold at most {} of SimGrid's speed "
                                      "profiles ({} B each, kept for the whole run) over the run's at least {} s "
                                      "({}): here about {} detours, {}{}",
                                      nodes, memory_text(kMostNoiseProfileBytes), noise::kProfileBytesPerDetour,
                                      base::short_number(base::significant(run.seconds, 3)), run.why, number(detours),
                                      memory_text(std::uint64_t(held)), kAnyway));
  }
}

std::uint64_t noise_profile_budget(const Scenario& sc)
{
  if (!run_bounds_on(sc))
    return 0;
  return std::max<std::uint64_t>(1, std::min(kMostNoiseProfileBytes, memory_left() / kNoiseShareOfMemoryLeft));
}

void refuse_noise_overrun(const Scenario& sc, const noise::ProfileLedger& ledger)
{
  if (!ledger.exceeded())
    return;
  const std::string path = fmt::format("noise.{}.period", ledger.resource());
  throw ScenarioError(
      path, sc.shown(path),
      fmt::format("a period whose detours SimGrid can hold: its speed profiles keep every detour ({} B) for the "
                  "whole run, and by {} s of simulated time the {} nodes' detours held more than the budget of {} "
                  "({}, or a fifth of the memory this process had left at the start when less), so the run was "
                  "stopped; a longer period, a shorter run, or more memory{}",
                  noise::kProfileBytesPerDetour, base::short_number(base::significant(ledger.exceeded_at(), 4)),
                  machine_size(sc).nodes, memory_text(ledger.budget()), memory_text(kMostNoiseProfileBytes), kAnyway));
}

double most_rank_rate(const Scenario& sc)
{
  const qsnet::PlatformSpec platform = sc.spec(qsnet::platform_params());
  return std::max(
      {platform.node.pci_read, platform.node.pci_write, sc.spec(mpi::quadrics::backend_params()).tports.pio_bandwidth});
}

void check_job(const Scenario& sc, const std::string& app, double computation, const apps::Traffic& counted)
{
  const apps::Traffic t = workload_jobs_checked > 0 ? apps::Traffic{} : counted;
  // Not a bound on the run's cost but on what bcssim can count (base/sim_time.hpp), so run_bounds = false does not
  // lift it: the busiest rank's bytes at the most its node's PCI bus carries are a lower bound of the run time. The
  // run would stop at the limit with exit 2 anyway, without naming what took the time (hostile pass, 2026-12-07).
  const double rate = most_rank_rate(sc);
  const std::string shown_rate = base::format_quantity(base::Quantity::bandwidth, rate);
  if (const double least = t.rank_bytes / rate; !t.path.empty() && !base::within_sim_time_limit(least))
    throw ScenarioError(
        t.path, sc.shown(t.path),
        fmt::format("a job whose data fit in the limit of simulated time: a rank of the {} job moves at least {} B to "
                    "or from other ranks, at least {} s at its node's PCI bus rate of at most {}, and the limit is {} "
                    "({})",
                    app, number(t.rank_bytes), number(least), shown_rate, base::sim_time_limit_text(), t.fewer));
  if (!run_bounds_on(sc))
    return;
  // The run lasts at least its busiest rank's computation, its busiest rank's bytes at the most its node's PCI
  // bus carries, and on BCS-MPI a slice per blocking call of one rank (its descriptor is exchanged at the next).
  LeastSpan span{computation, fmt::format("the {} job's computation alone", app)};
  std::string remedy = "a shorter computation";
  const double moving = t.rank_bytes / rate;
  if (moving > span.seconds) {
    span = {moving, fmt::format("a rank of the {} job moving {} B to or from other ranks at its node's PCI bus "
                                "rate of at most {}",
                                app, number(t.rank_bytes), shown_rate)};
    remedy = "fewer or smaller messages";
  }
  const mpi::Backend& backend = mpi::backend(sc.mpi());
  if (backend.slice) {
    const double slice = backend.slice(sc);
    // What acting its data out costs: the Strobe Sender's checks while the data move, and the slices that move it.
    const double backoff = sc.spec(bcs::runtime::runtime_params()).retry_backoff;
    const double polls = moving / backoff, data_slices = moving / slice;
    const double wall = polls * kPollWall + data_slices * kDataSliceWall;
    if (wall > kMostDataWall)
      throw ScenarioError(
          "mpi", sc.shown("mpi"),
          fmt::format("a run whose data (point to point, broadcast and reductions) take at most about {} minutes to "
                      "simulate: a rank of the {} "
                      "job moves at least {} B to or from other ranks, {} s at its node's PCI bus rate of at most {}, "
                      "so the Strobe Sender checks the unfinished microphase about {} times (every "
                      "bcs.runtime.retry_backoff = {}, about {} us of wall time each) and about {} slices of {} move "
                      "data (about {} ms each): about {} minutes (fewer or smaller messages ({} = {}), a longer "
                      "retry_backoff or slice, or another backend{})",
                      base::short_number(kMostDataWall / 60), app, number(t.rank_bytes), number(moving), shown_rate,
                      number(polls), base::format_quantity(base::Quantity::time, backoff), kPollWall * 1e6,
                      number(data_slices), base::format_quantity(base::Quantity::time, slice), kDataSliceWall * 1e3,
                      number(wall / 60), t.path, sc.shown(t.path), kAnyway));
    if (t.rank_waits * slice > span.seconds) {
      span = {t.rank_waits * slice, fmt::format("a rank of the {} job making {} blocking calls, each waiting at "
                                                "least a slice",
                                                app, number(t.rank_waits))};
      remedy = "fewer blocking calls";
    }
  }
  check_strobe(sc, span, remedy);
  check_noise(sc, span);
  const double events = t.calls + t.messages;
  if (events > kMostCallsAndMessages)
    throw ScenarioError(
        t.path, sc.shown(t.path),
        fmt::format("a job of at most {} MPI calls and messages over its ranks (each about 20 to 50 us of wall "
                    "time, about 20 minutes in all): the {} job makes at least {} calls and sends {} messages "
                    "({}{})",
                    base::short_number(kMostCallsAndMessages), app, number(t.calls), number(t.messages), t.fewer,
                    kAnyway));
  if (t.computations > kMostComputations)
    throw ScenarioError(
        t.path, sc.shown(t.path),
        fmt::format("a job of at most {} computations over its ranks (its compute and sleep actions, each about 3 us "
                    "of wall time, about 20 minutes in all): the {} job has {} (fewer actions, e.g. consecutive "
                    "computations merged into one{})",
                    base::short_number(kMostComputations), app, number(t.computations), kAnyway));
}

} // namespace bcssim::sim
