#include "sim/machine/machine_params.hpp"

#include "bcs/runtime/params.hpp"
#include "models/noise/params.hpp"
#include "models/qsnet/params.hpp"
#include "mpi/backend.hpp"
#include "mpi/placement_params.hpp"
#include "sim/machine/machine_groups.hpp"
#include "sim/machine/message_tier.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

namespace bcssim::sim {

std::vector<base::ParamDecl> machine_params()
{
  std::vector<base::ParamDecl> c;
  for (const MachineGroup& e : machine_groups()) {
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
  for (const MachineGroup& g : machine_groups()) // every group's own rules, in catalogue order
    g.check(sc);
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
  r.folded = sc.spec(fidelity_params()).fidelity == Fidelity::message;
  return r;
}

noise::NoiseSpec noise_spec(const Scenario& sc, const std::string& where)
{
  return sc.spec(noise::noise_params(where));
}

mpi::PlacementPolicy placement_policy(const Scenario& sc) { return sc.spec(mpi::placement_params()).policy; }

} // namespace bcssim::sim
