#include "sim/kinds/workload/swf_jobs.hpp"

#include "sim/kinds/workload/params.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/run_bounds.hpp"
#include "storm/algorithms.hpp"
#include "storm/machine_manager/params.hpp"

#include "base/rng.hpp"
#include "base/sim_time.hpp"
#include "workloads/swf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bcssim::sim {
namespace {

// Shortest text of a time in seconds that reads back as the same double ("0.125s").
std::string seconds(double s) { return fmt::format("{}s", s); }

// What a record must fit once scaled: the synthetic application's limits (apps/synthetic/app.cpp: iterations,
// granularity) and a submit time far past any workload (~30 years) that keeps its tick number exact.
constexpr double kMostIterations = 1e9;
constexpr double kMostGranularity = 1e4; // s
constexpr double kMostSubmit = 1e9;      // s
// The most process steps (a computation and its ring exchange, summed over the jobs: iterations x processes) a run
// may take: about 40 hours at the 7,000 steps per second measured on 2026-11-28 (the 1000-job dynamic-load point at
// load 0.93, 1.5e7 steps, takes 35 min). A load factor of 1e6 asked for 8.6e14 and never ended (issue 45 item 12).
constexpr double kMostRankSteps = 1e9;
// The most Machine Manager ticks times nodes a run may take, about 40 minutes of simulation: at every quantum the
// MM strobes and, under time sharing, every node's Node Manager acts. Measured on 2026-12-01: 430,000 node-quanta
// per second of CPU under GS (the load study's first 20 jobs on 16 nodes with a 1 ms quantum, 352 s simulated),
// where few quanta switch a node; a 1 us quantum there asks for 5.6e9 and took hours (issue 45 item 12). A quantum
// that switches a node is dearer (its context switches, its Gantt boxes): on 2026-12-07 gs-example (two jobs
// sharing both nodes, mpl 2) ran 8,200, 11,700 and 12,900 node-quanta per second under GS with quanta of 100 us,
// 10 us and 1 us, 11,400 under FCS at 10 us (hostile pass of 2026-12-07, finding 7: 3.6e7 of them passed as 84 s).
// Those the bound knows must switch are counted at the fastest of these, 13,000 a second.
constexpr double kQuietNodeQuantaPerSecond = 430000;
constexpr double kSwitchingNodeQuantaPerSecond = 13000;
constexpr double kMostNodeQuanta = 1e9;                                       // about 40 minutes of quiet ones
constexpr double kMostTickWall = kMostNodeQuanta / kQuietNodeQuantaPerSecond; // s

// Node-quanta that switch for sure: under gang rows with mpl >= 2, while every job submitted at 0 still runs (at
// least the shortest one's least run time), their processes beyond one row's PEs sit in other rows, and each node
// holding one switches at every quantum.
double sure_switching_node_quanta(const Scenario& sc, const WorkloadSpan& span, const MachineSize& size)
{
  const storm::SchedulerSpec scheduler = sc.spec(storm::scheduler_params());
  if (!storm::algorithm(scheduler.algorithm).gang_rows || scheduler.mpl < 2 || span.first_shortest <= 0)
    return 0;
  const double pes = double(size.pes());
  const double placed = std::min(span.first_processes, double(scheduler.mpl) * pes);
  if (placed <= pes)
    return 0;
  const double nodes = std::min(double(size.nodes), std::ceil((placed - pes) / double(size.pes_per_node)));
  return span.first_shortest / scheduler.quantum * nodes;
}

} // namespace

void WorkloadSpan::add(double submit, unsigned procs, double least)
{
  work += least * double(procs);
  last_submit = std::max(last_submit, submit);
  if (submit == 0) {
    first_processes += double(procs);
    first_shortest = first_shortest < 0 ? least : std::min(first_shortest, least);
  }
}

void check_workload_span(const Scenario& sc, const WorkloadSpan& span, const std::string& fewer)
{
  if (!run_bounds_on(sc))
    return;
  const MachineSize size = machine_size(sc);
  // While no job is left the Machine Manager sleeps to the next submission and BCS-MPI's strobe stops, so their
  // ticks and slices span the time jobs run: at least their work spread over every PE. Noise goes on meanwhile.
  const double busy = span.work / double(std::max<std::uint64_t>(size.pes(), 1));
  const double quantum = sc.spec(storm::scheduler_params()).quantum;
  const double node_quanta = busy / quantum * double(size.nodes);
  const double switching = std::min(node_quanta, sure_switching_node_quanta(sc, span, size));
  const double wall = (node_quanta - switching) / kQuietNodeQuantaPerSecond + switching / kSwitchingNodeQuantaPerSecond;
  if (wall > kMostTickWall) {
    const std::string of_them =
        switching > 0 ? fmt::format(", {} of them switching nodes at the measured {} a second (the jobs submitted "
                                    "at 0 share nodes while the shortest runs, at least {} s)",
                                    base::short_number(base::significant(switching, 2)),
                                    base::short_number(kSwitchingNodeQuantaPerSecond),
                                    base::short_number(base::significant(span.first_shortest, 3)))
                      : std::string();
    throw ScenarioError("scheduler.quantum", sc.shown("scheduler.quantum"),
                        fmt::format("a quantum for which this workload's jobs, running for at least {} s (their "
                                    "work over the machine's PEs), take Machine Manager ticks x nodes that simulate "
                                    "in at most about {} minutes (here at least {}{}, the rest at the measured {} "
                                    "per second: about {} minutes): a longer quantum, or {}",
                                    base::short_number(busy), base::short_number(std::round(kMostTickWall / 60)),
                                    base::short_number(base::significant(node_quanta, 2)), of_them,
                                    base::short_number(kQuietNodeQuantaPerSecond),
                                    base::short_number(std::round(wall / 60)), fewer));
  }
  check_strobe(sc, {busy, "while its jobs run: their work over the machine's PEs"}, fewer);
  check_noise(sc, {std::max(busy, span.last_submit), "the later of its last submission and its jobs' work over the "
                                                     "machine's PEs"});
}

nlohmann::json SwfRecord::record() const
{
  return {{"app", {{"name", "synthetic"}, {"processes", processes}}},
          {"synthetic",
           {{"pattern", processes > 1 ? "ring" : "none"}, // a serial job has no neighbour
            {"granularity", seconds(granularity)},
            {"iterations", iterations}}},
          {"submit", seconds(submit)},
          {"estimate", seconds(estimate)}};
}

SwfRecords swf_records(const Scenario& sc)
{
  const WorkloadSpec spec = sc.spec(workload_params());
  const std::string& path = spec.swf;
  workloads::Swf swf;
  try {
    // workload.swf_jobs keeps the file's first jobs: the rest need not be read, unless some of those are skipped
    // as invalid (then how many lines make the first swf_jobs records shows only while reading).
    const bool first_jobs = spec.swf_jobs > 0 && !spec.skip_invalid;
    swf = workloads::read_swf(path, first_jobs ? std::size_t(spec.swf_jobs) : 0);
  } catch (const workloads::SwfError& e) {
    throw ScenarioError(e.line() == 0 ? "workload.swf" : fmt::format("{}:{}: {}", e.file(), e.line(), e.field()),
                        e.value(), e.allowed());
  }
  const double scale = spec.time_scale;
  const double load = spec.load_factor;
  const double estimate_factor = spec.estimate_factor;
  const std::vector<double>& granularities = spec.granularities;
  const bool skip = spec.skip_invalid;
  const std::int64_t limit = spec.swf_jobs;
  const auto machine = std::int64_t(machine_size(sc).pes());
  const std::uint64_t seed = sc.seed();

  SwfRecords out;
  out.path = path;
  double steps = 0;  // process steps of the run: what its cost follows
  WorkloadSpan span; // the run lasts at least so long
  double previous_submit = 0;
  for (const workloads::SwfJob& j : swf.jobs) {
    if (limit > 0 && std::int64_t(out.records.size()) >= limit)
      break;
    const std::string at = fmt::format("{}:{}", path, j.line);
    const std::int64_t procs = j.processors();
    auto refuse = [&](int field, const std::string& value, const std::string& allowed) {
      if (!skip)
        throw ScenarioError(fmt::format("{}: {}", at, workloads::swf_field(field)), value,
                            allowed + " (or workload.swf_invalid = \"skip\")");
      ++out.skipped;
    };
    if (procs < 1 || procs > machine) {
      refuse(j.procs > 0 ? 5 : 8, std::to_string(procs),
             fmt::format("1 to the machine's {} PEs (platform.nodes x platform.pes_per_node)", machine));
      continue;
    }
    if (!(j.run > 0)) {
      refuse(4, fmt::format("{}", j.run), "a run time of more than 0 s");
      continue;
    }
    if (j.requested_time != -1 && j.requested_time < j.run) {
      refuse(9, fmt::format("{}", j.requested_time), fmt::format("an estimate of at least the run time, {} s", j.run));
      continue;
    }
    if (j.submit < 0 || j.submit < previous_submit) {
      refuse(2, fmt::format("{}", j.submit),
             j.submit < 0 ? std::string("a submit time of at least 0 s (the replay needs each job's arrival)")
                          : fmt::format("a submit time of at least the previous job's, {} s (SWF lists jobs by "
                                        "submit time)",
                                        previous_submit));
      continue;
    }
    if (j.submit / scale > kMostSubmit) {
      refuse(2, fmt::format("{}", j.submit),
             fmt::format("a submit time of at most {:g} s once divided by workload.time_scale ({:g})", kMostSubmit,
                         scale));
      continue;
    }
    previous_submit = j.submit;
    // Each record's own stream: its granularity and estimate do not depend on the records before it.
    base::Rng rng = base::Rng::stream(seed, std::uint64_t(j.line));
    const double run = j.run * load / scale;
    const double granularity = granularities[std::size_t(rng.uniform() * double(granularities.size()))];
    const double estimate =
        j.requested_time != -1 ? j.requested_time * load / scale : run * rng.uniform(1, estimate_factor);
    // Whole iterations of about the chosen granularity that compute the run time exactly.
    const double iterations = std::max(1.0, std::round(run / granularity));
    if (iterations > kMostIterations || run / iterations > kMostGranularity) {
      refuse(4, fmt::format("{}", j.run),
             fmt::format("a run time the synthetic application can compute: {:g} s once multiplied by "
                         "workload.load_factor and divided by workload.time_scale, in at most {:g} iterations of at "
                         "most {:g} s (its granularity here: {:g} s)",
                         run, kMostIterations, kMostGranularity, granularity));
      continue;
    }
    if (!base::within_sim_time_limit(run)) {
      refuse(4, fmt::format("{}", j.run),
             fmt::format("a run time of at most {} once multiplied by workload.load_factor and divided by "
                         "workload.time_scale (here {} s)",
                         base::sim_time_limit_text(), base::short_number(run)));
      continue;
    }
    out.records.push_back(SwfRecord{j.line, procs, std::int64_t(iterations), run / iterations, j.submit / scale,
                                    std::max(estimate, run), run});
    steps += iterations * double(procs);
    span.add(j.submit / scale, unsigned(procs), run);
  }
  if (steps > kMostRankSteps && run_bounds_on(sc))
    throw ScenarioError("workload.swf", path,
                        fmt::format("a workload of at most {} process steps (the sum of iterations x processes over "
                                    "its jobs; here {}, about {} hours at the measured 7,000 steps per second): "
                                    "lower workload.load_factor, raise workload.time_scale or take fewer jobs "
                                    "(workload.swf_jobs)",
                                    base::short_number(kMostRankSteps), base::short_number(steps),
                                    base::short_number(std::round(steps / 7000 / 3600))));
  check_workload_span(sc, span, "fewer jobs, by workload.swf_jobs");
  if (out.records.empty())
    throw ScenarioError("workload.swf", path,
                        out.skipped > 0
                            ? fmt::format("an SWF file with a job that can run here ({} skipped)", out.skipped)
                            : "an SWF file with at least one job line");
  return out;
}

} // namespace bcssim::sim
