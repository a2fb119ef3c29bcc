#pragma once
// The simulated machine of a scenario, wired bottom-up: SimGrid engine (one per process), QsNet platform,
// hardware multicast and global query, Elan3 DMA engine, NIC memory and host interface, and both
// implementations of the BCS core primitives. simulation.cpp runs workloads on it; tests build one directly.
#include "bcs/core/qsnet_hw.hpp"
#include "bcs/core/software_tree.hpp"
#include "bcs/runtime/runtime.hpp"
#include "models/elan3/host_interface.hpp"
#include "mpi/backend.hpp"
#include "sim/config/scenario.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

class World {
public:
  /// `simgrid_log`: extra --log settings for SimGrid (quiet by default). With platform.fidelity = message, the
  /// tier's delays are `folded` if given, else derived first (sim/machine/message_tier.hpp: before the engine).
  explicit World(const Scenario& scenario, const std::vector<std::string>& simgrid_log = {},
                 std::shared_ptr<const elan3::tports::FoldedCosts> folded = nullptr);

  simgrid::s4u::Engine& engine() { return *engine_; }
  const qsnet::PlatformSpec& platform_spec() const { return platform_spec_; }
  const std::vector<std::pair<std::string, std::string>>& simgrid_config() const { return simgrid_config_; }
  const qsnet::Platform& platform() const { return *platform_; }
  elan3::DmaEngine& dma() { return *dma_; }
  elan3::NicMemory& memory() { return *memory_; }
  const elan3::HostInterface& host() const { return *host_; }
  bcs::core::Machine& machine() { return *machine_; }
  bcs::core::SoftwareTree& software_tree() { return *software_tree_; }
  bcs::core::QsNetHw& qsnet_hw() { return *qsnet_hw_; }
  /// The implementation the scenario selects (bcs.core.impl): what the BCS runtime uses.
  bcs::core::CorePrimitives& primitives() { return primitives(impl_); }
  /// The implementation named `name` (a bcs::core::implementations() entry).
  bcs::core::CorePrimitives& primitives(const std::string& name);
  /// The machine's BCS-MPI runtime (created on first use; all BCS jobs share it).
  bcs::runtime::Runtime& bcs_runtime();
  /// True once a BCS-MPI job has created the runtime.
  bool has_bcs_runtime() const { return runtime_ != nullptr; }
  /// What an MPI backend may use of this machine.
  mpi::MachineAccess mpi_access();
  /// True when SimGrid found every remaining actor blocked for good (after engine().run()).
  bool deadlocked() const;

private:
  std::string impl_;
  std::uint64_t deadlocks_at_start_ = 0;
  std::vector<std::string> args_;
  std::vector<char*> argv_;
  std::unique_ptr<simgrid::s4u::Engine> engine_;
  qsnet::PlatformSpec platform_spec_;
  std::vector<std::pair<std::string, std::string>> simgrid_config_;
  std::unique_ptr<qsnet::Platform> platform_;
  std::unique_ptr<qsnet::HardwareMulticast> multicast_;
  std::unique_ptr<elan3::DmaEngine> dma_;
  std::unique_ptr<qsnet::GlobalQuery> query_;
  std::unique_ptr<elan3::NicMemory> memory_;
  std::unique_ptr<elan3::HostInterface> host_;
  std::unique_ptr<bcs::core::Machine> machine_;
  std::unique_ptr<bcs::core::SoftwareTree> software_tree_;
  std::unique_ptr<bcs::core::QsNetHw> qsnet_hw_;
  bcs::runtime::RuntimeSpec runtime_spec_;
  std::unique_ptr<bcs::runtime::Runtime> runtime_;
  std::shared_ptr<const elan3::tports::FoldedCosts> folded_; // null: the stage-level tier
};

} // namespace bcssim::sim
