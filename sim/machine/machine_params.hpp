#pragma once
// The machine's parameters as its models declare them (base/params.hpp), in catalogue order, and the rules that
// tie them to the machine's size; plus what World builds from them.
#include "base/params.hpp"
#include "bcs/runtime/spec.hpp"
#include "models/noise/noise.hpp"
#include "models/qsnet/platform.hpp"
#include "mpi/placement.hpp"
#include "sim/config/scenario.hpp"

#include <vector>

namespace bcssim::sim {

/// platform.*, bcs.core.*, bcs.runtime.*, bcs.mds.* (the runtime's), noise.*, pe.*, job.*: every registered group's
/// declarations, in registration order (sim/machine/machine_groups.hpp: each module registers its own).
std::vector<base::ParamDecl> machine_params();

/// The machine's rules on a resolved scenario: the job size fits MPI's ranks, every registered group's own rules
/// (its ParamGroup::rule()s, checked by building its spec), and that every node a parameter names exists. Throws
/// ScenarioError.
void check_machine(const Scenario& sc);

/// The machine's size, typed: platform.nodes and platform.pes_per_node.
struct MachineSize {
  unsigned nodes = 0;
  unsigned pes_per_node = 0;
  std::uint64_t pes() const { return std::uint64_t(nodes) * pes_per_node; }
};
MachineSize machine_size(const Scenario& sc);

/// The BCS-MPI runtime's spec; its point-to-point rate is the node's main-to-main put rate (PCI and link bound).
bcs::runtime::RuntimeSpec runtime_spec(const Scenario& sc);
/// OS noise on every node's CPU host (where = "cpu") or NIC host ("nic").
noise::NoiseSpec noise_spec(const Scenario& sc, const std::string& where);
/// How job.placement deals ranks over a job's nodes.
mpi::PlacementPolicy placement_policy(const Scenario& sc);

} // namespace bcssim::sim
