#include "sim/machine/machine_params.hpp"

#include "bcs/core/params.hpp"
#include "bcs/runtime/params.hpp"
#include "models/elan3/params.hpp"
#include "models/noise/params.hpp"
#include "models/qsnet/params.hpp"
#include "mpi/backend.hpp"
#include "sim/machine/message_tier.hpp"
#include "storm/pe_params.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_machine_machine_params,
                             "sim.machine.machine_params: The machine's parameters as its models declare them");

namespace bcssim::sim {
namespace {

/// One registration of the machine's parameters: a model's group (its declarations, and its rules checked at
/// validation) or a single declaration read where it is used.
struct MachineEntry {
  std::function<std::vector<base::ParamDecl>()> declare;
  std::function<void(const Scenario&)> check; // null: no rule of its own
};

template <class Spec>
MachineEntry group(const base::ParamGroup<Spec>& g)
{
  return {[&g] { return base::declarations(g); }, [&g](const Scenario& sc) { (void)sc.spec(g); }};
}

MachineEntry single(base::ParamDecl d)
{
  return {[d] { return std::vector<base::ParamDecl>{d}; }, nullptr};
}

// The machine's parameter groups, one line each, in catalogue order (docs/parameters.md): a new model's group is
// one line here (docs/extending.md, "A parameter group").
const std::vector<MachineEntry>& machine_entries()
{
  static const std::vector<MachineEntry> all = {
      group(qsnet::platform_params()),
      group(qsnet::multicast_params()),
      group(qsnet::query_params()),
      group(elan3::dma_params()),
      group(elan3::thread_cost_params()),
      group(elan3::thread_processor_params()),
      group(elan3::host_interface_params()),
      single(base::choice_decl("bcs.core.impl", "qsnet_hw", {"qsnet_hw", "software_tree"},
                               "Implementation of Xfer-And-Signal / Test-Event / Compare-And-Write: QsNet hardware "
                               "multicast and global query, or a k-ary tree of point-to-point messages (no hardware "
                               "collectives).",
                               "002 §3.4")),
      group(bcs::core::software_tree_params()),
      group(bcs::runtime::runtime_params()),
      group(storm::cache_params()),
      group(storm::kernel_switch_params()),
      group(storm::working_set_params()),
      group(storm::memory_params()),
      group(storm::footprint_params()),
      group(noise::noise_params("cpu")),
      group(noise::noise_params("nic")),
      group(fidelity_params()),
      single(base::choice_decl("job.placement", "block", {"block", "cyclic"},
                               "Ranks to PEs: 'block' fills a node's PEs before the next node, 'cyclic' deals ranks "
                               "over the job's nodes round-robin.",
                               "scenario choice; the paper's runs use block (2 ranks per Crescendo node)")),
  };
  return all;
}

} // namespace

std::vector<base::ParamDecl> machine_params()
{
  std::vector<base::ParamDecl> c;
  for (const MachineEntry& e : machine_entries()) {
    std::vector<base::ParamDecl> d = e.declare();
    c.insert(c.end(), std::make_move_iterator(d.begin()), std::make_move_iterator(d.end()));
  }
  return c;
}

void check_machine(const Scenario& sc)
{
  const qsnet::PlatformSpec platform = sc.spec(qsnet::platform_params());
  if (std::int64_t(platform.nodes) * platform.node.pes > std::numeric_limits<int>::max()) // ranks are MPI ints
    throw ScenarioError("platform.pes_per_node", sc.shown("platform.pes_per_node"),
                        fmt::format("at most {} with platform.nodes = {}: the machine's PEs (and so the ranks of a "
                                    "job) must number at most 2^31 - 1",
                                    std::numeric_limits<int>::max() / platform.nodes, platform.nodes));
  for (const MachineEntry& e : machine_entries()) // every group's own rules, in catalogue order
    if (e.check)
      e.check(sc);
  // Rules across groups: every node a parameter names exists.
  const bcs::runtime::RuntimeSpec runtime = sc.spec(bcs::runtime::runtime_params());
  auto exists = [&](const std::string& path, std::int64_t node, const std::string& what) {
    if (node >= std::int64_t(platform.nodes))
      throw ScenarioError(path, sc.shown(path), fmt::format("{} below platform.nodes = {}", what, platform.nodes));
  };
  if (sc.spec(fidelity_params()).fidelity == Fidelity::message && !mpi::backend(sc.mpi()).message_tier) {
    std::vector<std::string> with;
    for (const mpi::Backend& b : mpi::backends())
      if (b.message_tier)
        with.push_back(fmt::format("\"{}\"", b.name));
    throw ScenarioError("platform.fidelity", sc.shown("platform.fidelity"),
                        fmt::format("\"stages\" with \"mpi\": \"{}\", which has no message-level tier yet (the "
                                    "backends with one: {})",
                                    sc.mpi(), fmt::join(with, ", ")));
  }
  for (unsigned n : runtime.emds.nodes)
    exists("bcs.mds.emds_nodes", n, "nodes");
  exists("bcs.runtime.management_node", runtime.management_node, "a node");
}

MachineSize machine_size(const Scenario& sc)
{
  const qsnet::PlatformSpec platform = sc.spec(qsnet::platform_params());
  return {platform.nodes, platform.node.pes};
}

bcs::runtime::RuntimeSpec runtime_spec(const Scenario& sc)
{
  const qsnet::PlatformSpec platform = sc.spec(qsnet::platform_params());
  bcs::runtime::RuntimeSpec r = sc.spec(bcs::runtime::runtime_params());
  r.p2p_rate = std::min({platform.node.pci_read, platform.node.pci_write, qsnet::payload_bandwidth(platform.timing)});
  return r;
}

noise::NoiseSpec noise_spec(const Scenario& sc, const std::string& where) { return sc.spec(noise::noise_params(where)); }

mpi::PlacementPolicy placement_policy(const Scenario& sc) { return mpi::parse_placement(sc.text("job.placement")); }

} // namespace bcssim::sim
