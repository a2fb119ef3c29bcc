#pragma once
// The Elan3 NIC's parameters, declared once beside their specs (base/params.hpp): DMA start-up, thread processor
// costs, the host interface, and the Tports matching engine of the production-MPI baseline.
#include "base/params.hpp"
#include "models/elan3/dma.hpp"
#include "models/elan3/host_interface.hpp"
#include "models/elan3/thread_processor.hpp"
#include "models/elan3/tports/tports.hpp"

namespace bcssim::elan3 {

/// platform.nic.dma_startup.
const base::ParamGroup<DmaSpec>& dma_params();
/// platform.nic.cycles.*.
const base::ParamGroup<ThreadCosts>& thread_cost_params();
/// platform.nic.thread_processor.
const base::ParamGroup<ThreadProcessorSpec>& thread_processor_params();
/// platform.nic.host_post, platform.nic.host_wake.
const base::ParamGroup<HostInterfaceSpec>& host_interface_params();
/// quadrics.*: what Quadrics MPI's Tports cost (their paths are the baseline's, which alone uses them).
const base::ParamGroup<tports::TportsSpec>& tports_params();

} // namespace bcssim::elan3
