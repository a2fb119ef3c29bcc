#include "sim/machine/slice_probe.hpp"

#include "mpi/backend.hpp"
#include "sim/machine/child_run.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <map>
#include <memory>
#include <mutex>

namespace bcssim::sim {
namespace {

constexpr std::uint64_t kBytes = 64;
bool g_probes = true;

// The probe itself, in this process: "" when the exchange ends, else the refusal as "path\tvalue\tallowed".
std::string probe(const Scenario& scenario)
{
  World world(scenario, {"root.thres:critical"}); // its runtime's warnings are the run's to give
  // The least a job asks of a slice: its two ranks on one node where a node has two PEs (the shortest way a
  // message goes), else on nodes 0 and 1 (the nearest pair).
  const std::vector<mpi::Slot> pair = machine_size(scenario).pes_per_node >= 2 ? std::vector<mpi::Slot>{{0, 0}, {0, 1}}
                                                                               : std::vector<mpi::Slot>{{0, 0}, {1, 0}};
  std::unique_ptr<MpiJob> job;
  simgrid::s4u::Actor::create("slice_probe", world.platform().cpu(0), [&] {
    job = std::make_unique<MpiJob>(world, scenario, "slice-probe", mpi::Placement(pair));
    job->start([](mpi::Comm& c) {
      for (int round = 0; round < 2; ++round) {
        const int peer = 1 - c.rank();
        mpi::Request in = c.irecv(nullptr, kBytes, peer, round);
        c.wait(c.isend(nullptr, kBytes, peer, round));
        c.wait(in);
      }
    });
    job->join();
  });
  world.engine().run();
  try {
    job->check_finished("the slice probe");
  } catch (const ScenarioError& e) {
    return e.path() + "\t" + e.value() + "\t" + e.allowed();
  }
  return "";
}

} // namespace

void check_slice_leaves_time(const Scenario& sc)
{
  const mpi::Backend& backend = mpi::backend(sc.mpi());
  if (!g_probes || !backend.slice || backend.slice(sc) >= kProbeSlicesBelow)
    return;
  // The machine alone: no noise (it would only lengthen some slices), whatever the application. (Scenario::with
  // checks the scenario it makes, and so comes back here: that one is not probed again.)
  static thread_local bool quieting = false;
  if (quieting)
    return;
  quieting = true;
  const Scenario quiet = [&] {
    try {
      return sc.with({{"noise", {{"cpu", {{"period", "0s"}}}, {"nic", {{"period", "0s"}}}}}});
    } catch (...) {
      quieting = false;
      throw;
    }
  }();
  quieting = false;
  const std::string key = quiet.echo().dump();
  static std::mutex mutex;
  static std::map<std::string, std::string> probed; // key -> the probe's answer
  std::string answer;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = probed.find(key); it != probed.end())
      answer = it->second;
    else
      answer = probed[key] = run_in_child([&] { return probe(quiet); }, "probing the slice on this machine");
  }
  if (answer.empty())
    return;
  const std::size_t a = answer.find('\t'), b = answer.find('\t', a + 1);
  throw ScenarioError(answer.substr(0, a), answer.substr(a + 1, b - a - 1),
                      answer.substr(b + 1) + " (found before the run by a probe of this machine: two ranks "
                                             "exchanging 64 bytes)");
}

void set_slice_probes(bool on) { g_probes = on; }

} // namespace bcssim::sim
