#include "sim/machine/mpi_job.hpp"

#include "sim/machine/machine_params.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

namespace bcssim::sim {
namespace {

// A time for people: "1.470 us", "12.500 ms", "50.050 s".
std::string time_text(double s)
{
  return s < 1e-3 ? fmt::format("{:.3f} us", s * 1e6)
         : s < 1  ? fmt::format("{:.3f} ms", s * 1e3)
                  : fmt::format("{:.3f} s", s);
}

} // namespace

MpiJob::MpiJob(World& world, const Scenario& scenario, std::string name, mpi::Placement placement)
    : backend_(mpi::backend(scenario.mpi()).create(world.mpi_access(), scenario, placement)),
      job_(
          std::move(name), placement, [&world](unsigned node) { return world.platform().cpu(node); },
          [this](int rank) { return backend_->make_comm(rank); })
{
}

MpiJob::~MpiJob() = default;

void MpiJob::start(mpi::RankMain main) { backend_->start(job_, std::move(main)); }

void MpiJob::join()
{
  job_.join();
  backend_->stop();
}

void MpiJob::raise_failure() const
{
  if (const std::exception_ptr failure = job_.failure()) {
    // A rank's main threw: its error ends the run. A rule of the input broken at run time (e.g. a trace's line
    // found malformed while it is replayed) is the user's error, as if found by validation.
    try {
      std::rethrow_exception(failure);
    } catch (const base::ParamRuleError& e) {
      throw ScenarioError(e.error.path, e.error.value, e.error.allowed);
    }
  }
}

void MpiJob::check_finished(const std::string& what) const
{
  raise_failure();
  if (job_.finished())
    return;
  std::string why;
  try {
    why = backend_->diagnose_stall();
  } catch (const base::ParamRuleError& e) { // a parameter made progress impossible: the user's error
    throw ScenarioError(e.error.path, e.error.value, e.error.allowed);
  }
  // When the last rank blocked, not when the run ended: a time-sharing Machine Manager strobes on for
  // MachineManager::kGiveUpQuanta quanta before it gives up (hostile pass 2026-12-06: "detected 25 s later").
  const double end = simgrid::s4u::Engine::get_clock();
  const std::optional<double> since = job_.blocked_since();
  std::string when = since ? "since t = " + time_text(*since) : "at t = " + time_text(end);
  if (since && end - *since > 1e-3)
    when += fmt::format(" (the run ended at t = {})", time_text(end));
  throw DeadlockError(fmt::format("{} deadlocked: {}, {} of {} ranks are blocked and nothing can progress{}:\n{}", what,
                                  when, job_.blocked().size(), job_.placement().size(),
                                  why.empty() ? "" : " (" + why + ")", job_.report()));
}

mpi::Placement placement_of(const Scenario& scenario, unsigned ranks)
{
  const unsigned pes = machine_size(scenario).pes_per_node;
  const unsigned machine = machine_size(scenario).nodes;
  const unsigned nodes = (ranks + pes - 1) / pes;
  if (nodes > machine)
    throw ScenarioError("(job)", fmt::format("{} ranks", ranks),
                        fmt::format("at most platform.nodes x platform.pes_per_node = {} ranks", machine * pes));
  return mpi::Placement(ranks, 0, nodes, pes, placement_policy(scenario));
}

} // namespace bcssim::sim
