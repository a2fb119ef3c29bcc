#pragma once
// Scenario -> the plain parameter structs of the models (the only place that maps JSON paths onto them).
#include "bcs/core/software_tree.hpp"
#include "bcs/runtime/spec.hpp"
#include "models/elan3/dma.hpp"
#include "models/elan3/tports/tports.hpp"
#include "mpi/quadrics/backend.hpp"
#include "models/elan3/host_interface.hpp"
#include "models/elan3/thread_processor.hpp"
#include "models/qsnet/multicast.hpp"
#include "models/noise/noise.hpp"
#include "models/qsnet/platform.hpp"
#include "sim/kinds/microbench/microbench.hpp"
#include "sim/config/scenario.hpp"

namespace bcssim::sim {

qsnet::PlatformSpec platform_spec(const Scenario& sc);
elan3::DmaSpec dma_spec(const Scenario& sc);
qsnet::MulticastSpec multicast_spec(const Scenario& sc);
double query_per_level(const Scenario& sc);
elan3::ThreadCosts thread_costs(const Scenario& sc);
elan3::HostInterfaceSpec host_interface_spec(const Scenario& sc);
bcs::core::SoftwareTreeSpec software_tree_spec(const Scenario& sc);
elan3::tports::TportsSpec tports_spec(const Scenario& sc);
mpi::quadrics::QuadricsSpec quadrics_spec(const Scenario& sc);
mpi::quadrics::BackendSpec quadrics_backend_spec(const Scenario& sc);
/// The BCS-MPI runtime; its point-to-point rate is the machine's main-to-main put rate (PCI and link bound).
bcs::runtime::RuntimeSpec runtime_spec(const Scenario& sc);
MicrobenchSpec microbench_spec(const Scenario& sc);
/// OS noise on every node's CPU host (where = "cpu") or NIC host ("nic").
noise::NoiseSpec noise_spec(const Scenario& sc, const std::string& where);
/// Set sizes of the collective benchmarks ([] in the scenario = 2, 4, 16, ... up to the node count, and it).
std::vector<unsigned> collective_nodes(const Scenario& sc);

} // namespace bcssim::sim
