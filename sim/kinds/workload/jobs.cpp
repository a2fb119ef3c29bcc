#include "sim/kinds/workload/jobs.hpp"

#include "sim/kinds/workload/params.hpp"

#include "sim/kinds/app/params.hpp"

#include "apps/app.hpp"
#include "base/sim_time.hpp"
#include "sim/config/params.hpp"
#include "sim/config/suggest.hpp"
#include "sim/kinds/app/app_run.hpp"
#include "sim/kinds/workload/swf_jobs.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/run_bounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

namespace bcssim::sim {
namespace {

// Keys of a record that are sections of the job's scenario.
std::set<std::string> scenario_keys()
{
  std::set<std::string> keys{"app", "job"};
  for (const std::string& name : apps::names())
    keys.insert(name);
  return keys;
}

} // namespace

Scenario WorkloadJob::scenario() const
{
  const WorkloadJobCheck as_a_job;
  return machine->with(nlohmann::json::parse(sections));
}

namespace {

// One record (a workload.jobs entry, or an SWF record as one) as a job, checked; `at` names it in errors.
WorkloadJob make_job(std::size_t i, const nlohmann::json& record, const std::string& at,
                     const std::shared_ptr<const Scenario>& machine, unsigned machine_pes)
{
  static const std::set<std::string> allowed = scenario_keys();
  WorkloadJob job;
  job.id = int(i);
  job.machine = machine;
  nlohmann::json fragment = nlohmann::json::object();
  for (const auto& [key, value] : record.items()) {
    if (key == "submit") {
      const auto t =
          value.is_string() ? base::parse_quantity(base::Quantity::time, value.get<std::string>()) : std::nullopt;
      if (!t || *t < 0 || !base::within_sim_time_limit(*t))
        throw ScenarioError(at + ".submit", value.dump(),
                            std::string(value.is_number() ? "a time with its unit, as a string: " : "") +
                                "a time of at least 0 s, e.g. \"0s\" or \"1.5s\", and at most " +
                                base::sim_time_limit_text());
      job.submit = *t;
    } else if (key == "estimate") {
      const auto t =
          value.is_string() ? base::parse_quantity(base::Quantity::time, value.get<std::string>()) : std::nullopt;
      if (!t || *t <= 0)
        throw ScenarioError(at + ".estimate", value.dump(), "a time of more than 0 s, e.g. \"10s\"");
      job.estimate = *t;
    } else if (key == "priority") {
      if (!is_whole_number(value) || value.get<double>() < 0 || value.get<double>() > 1000000)
        throw ScenarioError(at + ".priority", value.dump(), "an integer in [0, 1000000]");
      job.priority = int(value.get<double>());
    } else if (key == "pes") {
      if (!value.is_array() || value.empty())
        throw ScenarioError(at + ".pes", value.dump(), "a list of machine PE numbers, one per process");
      for (const auto& v : value) {
        if (!is_whole_number(v) || v.get<double>() < 0 || v.get<double>() >= machine_pes)
          throw ScenarioError(at + ".pes", value.dump(),
                              fmt::format("PE numbers in [0, {}] (node x platform.pes_per_node + PE), one per "
                                          "process",
                                          machine_pes - 1));
        job.pes.push_back(unsigned(v.get<double>()));
      }
      if (std::set<unsigned>(job.pes.begin(), job.pes.end()).size() != job.pes.size())
        throw ScenarioError(at + ".pes", value.dump(), "distinct PEs (one process per PE per job)");
    } else if (allowed.count(key)) {
      fragment[key] = value;
    } else {
      std::vector<std::string> keys(allowed.begin(), allowed.end());
      keys.push_back("estimate");
      keys.push_back("pes");
      keys.push_back("priority");
      keys.push_back("submit");
      std::sort(keys.begin(), keys.end());
      throw ScenarioError(
          at + "." + key, value.dump(),
          fmt::format("no such key in a job{}; allowed: {}", did_you_mean(key, keys), fmt::join(keys, ", ")));
    }
  }
  job.sections = fragment.dump();
  Scenario resolved = [&] { // checked now, then dropped: scenario() resolves it again when the job starts
    try {
      const WorkloadJobCheck as_a_job;
      return machine->with(fragment);
    } catch (const ScenarioError& e) {
      throw ScenarioError(at + "." + e.path(), e.value(), e.allowed());
    }
  }();
  job.app = resolved.spec(app_params()).name;
  job.processes = app_ranks(resolved);
  if (const apps::App& app = apps::find(job.app); app.least_time)
    job.least = app.least_time(resolved, app_context(resolved, job.processes));
  if (job.processes > machine_pes)
    throw ScenarioError(
        at + ".app.processes", std::to_string(job.processes),
        fmt::format("at most the machine's {} PEs (platform.nodes x platform.pes_per_node)", machine_pes));
  if (!job.pes.empty() && job.pes.size() != job.processes)
    throw ScenarioError(at + ".pes", record.at("pes").dump(),
                        fmt::format("one PE per process: {} of them", job.processes));
  return job;
}

} // namespace

std::vector<WorkloadJob> workload_jobs(const Scenario& sc, std::size_t* skipped)
{
  const bool from_swf = !sc.spec(workload_params()).swf.empty();
  if (from_swf && !sc.raw("workload.jobs").empty())
    throw ScenarioError("workload.jobs", sc.raw("workload.jobs").dump(),
                        "[] when workload.swf names the jobs (one source of jobs)");
  SwfRecords swf;
  if (from_swf)
    swf = swf_records(sc);
  if (skipped != nullptr)
    *skipped = swf.skipped;
  const nlohmann::json& inline_jobs = sc.raw("workload.jobs");
  if (!from_swf && inline_jobs.empty())
    throw ScenarioError("workload.jobs", "[]", "at least one job (or workload.swf)");
  // The machine every job runs on: the workload's scenario as resolved, as a scenario of kind "app".
  nlohmann::json machine = sc.echo();
  machine.erase("workload");
  machine.erase("scheduler");
  machine["kind"] = "app";
  if (!sc.given("app.processes")) // left to each job, or to its application's input (a replay's trace)
    machine["app"].erase("processes");
  // Resolved once; each job's sections go over it (Scenario::with), as if merged into it and resolved.
  const auto machine_scenario = std::make_shared<const Scenario>(Scenario::resolve(machine, {}, sc.name()));
  const unsigned machine_pes = unsigned(machine_size(sc).pes());
  std::vector<WorkloadJob> jobs;
  if (!from_swf) {
    WorkloadSpan span;
    // Every job's error at once, as a compiler reports a file's (hostile pass of issue 67, F4: four typos in four
    // jobs took four runs to see).
    constexpr std::size_t kMaxErrorsReported = 20;
    std::optional<ScenarioError> first;
    std::size_t errors = 0;
    for (std::size_t i = 0; i < inline_jobs.size(); ++i) {
      try {
        jobs.push_back(make_job(i, inline_jobs[i], fmt::format("workload.jobs[{}]", i), machine_scenario, machine_pes));
        span.add(jobs.back().submit, jobs.back().processes, jobs.back().least);
      } catch (const ScenarioError& e) {
        if (++errors == 1)
          first = e;
        else if (errors <= kMaxErrorsReported)
          first->add_further(e.what());
      }
    }
    if (first) {
      if (errors > kMaxErrorsReported)
        first->add_further(fmt::format("... and {} more errors", errors - kMaxErrorsReported));
      throw *first;
    }
    check_workload_span(sc, span, "shorter jobs");
    return jobs;
  }
  jobs.reserve(swf.records.size());
  for (std::size_t i = 0; i < swf.records.size(); ++i) {
    const SwfRecord& r = swf.records[i];
    jobs.push_back(make_job(i, r.record(), fmt::format("{}:{}", swf.path, r.line), machine_scenario, machine_pes));
    jobs.back().dedicated = r.run_time;
    jobs.back().from_swf = true;
  }
  return jobs;
}

} // namespace bcssim::sim
