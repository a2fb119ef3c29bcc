#include "sim/machine/machine_params.hpp"

#include "bcs/core/params.hpp"
#include "bcs/runtime/params.hpp"
#include "models/elan3/params.hpp"
#include "models/noise/params.hpp"
#include "models/qsnet/params.hpp"
#include "storm/pe_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_machine_machine_params,
                             "sim.machine.machine_params: The machine's parameters as its models declare them");

namespace bcssim::sim {
std::vector<base::ParamDecl> machine_params()
{
  std::vector<base::ParamDecl> c;
  base::append_declarations(c, qsnet::platform_params());
  base::append_declarations(c, qsnet::multicast_params());
  base::append_declarations(c, qsnet::query_params());
  base::append_declarations(c, elan3::dma_params());
  base::append_declarations(c, elan3::thread_cost_params());
  base::append_declarations(c, elan3::thread_processor_params());
  base::append_declarations(c, elan3::host_interface_params());
  c.push_back(base::choice_decl("bcs.core.impl", "qsnet_hw", {"qsnet_hw", "software_tree"},
                                "Implementation of Xfer-And-Signal / Test-Event / Compare-And-Write: QsNet hardware "
                                "multicast and global query, or a k-ary tree of point-to-point messages (no hardware "
                                "collectives).",
                                "002 §3.4"));
  base::append_declarations(c, bcs::core::software_tree_params());
  base::append_declarations(c, bcs::runtime::runtime_params());
  base::append_declarations(c, storm::cache_params());
  c.push_back(storm::working_set_param());
  base::append_declarations(c, storm::memory_params());
  c.push_back(storm::footprint_param());
  base::append_declarations(c, noise::noise_params("cpu"));
  base::append_declarations(c, noise::noise_params("nic"));
  c.push_back(base::choice_decl("job.placement", "block", {"block", "cyclic"},
                                "Ranks to PEs: 'block' fills a node's PEs before the next node, 'cyclic' deals ranks "
                                "over the job's nodes round-robin.",
                                "scenario choice; the paper's runs use block (2 ranks per Crescendo node)"));
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
  sc.spec(noise::noise_params("cpu"));
  sc.spec(noise::noise_params("nic"));
  const bcs::runtime::RuntimeSpec runtime = sc.spec(bcs::runtime::runtime_params());
  auto exists = [&](const std::string& path, std::int64_t node, const std::string& what) {
    if (node >= std::int64_t(platform.nodes))
      throw ScenarioError(path, sc.shown(path), fmt::format("{} below platform.nodes = {}", what, platform.nodes));
  };
  for (unsigned n : runtime.emds.nodes)
    exists("bcs.mds.emds_nodes", n, "nodes");
  exists("bcs.runtime.management_node", runtime.management_node, "a node");
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
