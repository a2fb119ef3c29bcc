#include "mpi/quadrics/backend.hpp"

#include "models/elan3/params.hpp"
#include "mpi/quadrics/message_tier.hpp"

namespace bcssim::mpi::quadrics {

QuadricsJob::QuadricsJob(elan3::DmaEngine& dma, const elan3::HostInterface& host, bcssim::bcs::core::CorePrimitives& hw,
                         const Placement& placement, BackendSpec spec)
    : host_(host), spec_(spec), size_(int(placement.size())), tports_(dma, host, spec.tports, placement.node_of_ranks())
{
  const std::vector<unsigned> nodes = placement.node_of_ranks();
  if (spec_.hardware_collectives && HardwareCollectives::usable(hw, nodes))
    hardware_ = std::make_unique<HardwareCollectives>(hw, host, nodes);
}

std::unique_ptr<Comm> QuadricsJob::make_comm(int rank)
{
  return std::make_unique<QuadricsComm>(tports_, host_, hardware_.get(), rank, size_, spec_.mpi);
}

namespace {

// Sources: 003 = Kumar & Kalé (docs/references.md).
base::ParamGroup<QuadricsSpec> library_params()
{
  using base::Quantity;
  base::ParamGroup<QuadricsSpec> g("quadrics");
  g.quantity("host_overhead", &QuadricsSpec::host_overhead, Quantity::time, "560ns", 0, 1,
             "Host CPU time of one call into the MPI library (isend, irecv, probe).",
             "calibrated: 003 Table 2, 16 B ping-pong latency 4.69 us with 1 posted receive (after the NIC's "
             "walk of that receive, quadrics.nic_walk_cycles)");
  g.choice("host_stages", &QuadricsSpec::host_stages, "separate",
           {{"separate", HostStages::separate}, {"on_cpu", HostStages::on_cpu}},
           "How the host's part of a point-to-point call is simulated. separate: the library's CPU time, the "
           "descriptor's PIO post and its transfer across PCI, and the wake-up after a completion "
           "(platform.nic.host_wake) are stages of their own, as the sources describe them. on_cpu (a coarser "
           "what-if, for long workloads): they all run as CPU time of the process, the post at its cost on an idle "
           "PCI bus and the wake-up at the start of its next CPU work; a call alone on its node ends at the same "
           "instant, the descriptors no longer load the PCI bus, and a dynamic workload simulates about 1.25 "
           "times faster (bench/README.md; its error: docs/model.md).",
           "simulator option (a coarser model of 003 §2.1's host path)")
      .before("\"separate\"");
  g.quantity("combine_per_element", &QuadricsSpec::combine_per_element, Quantity::time, "5ns", 0, 1,
             "Host CPU time to combine one element in a reduction (load, operate, store).",
             "assumed: about 5 cycles of a 1 GHz Alpha per element; no measurement in 002/003 "
             "(allreduces of a few elements make it negligible)");
  return g;
}

} // namespace

const base::ParamGroup<BackendSpec>& backend_params()
{
  static const base::ParamGroup<BackendSpec> g = [] {
    base::ParamGroup<BackendSpec> g("quadrics");
    g.flag("hardware_collectives", &BackendSpec::hardware_collectives, true,
           "Barrier and broadcast on the QsNet hardware (network conditional + multicast) when the job's "
           "nodes are contiguous; false = MPICH 1.2's software algorithms everywhere (a what-if).");
    g.nest(&BackendSpec::mpi, library_params());
    g.nest(&BackendSpec::tports, elan3::tports_params());
    return g;
  }();
  return g;
}

mpi::Backend backend()
{
  return mpi::Backend{"quadrics",
                      "Quadrics MPI",
                      "the production-MPI baseline (Quadrics MPI over Elan Tports, parameters quadrics.*)",
                      base::declarations(backend_params()),
                      [](const MachineAccess& m, const base::ParamSource& source, const Placement& placement) {
                        BackendSpec spec = backend_params().build(source);
                        spec.tports.folded = m.folded;
                        if (m.folded) // the message-level tier folds the host's stages too, as CPU time
                          spec.mpi.host_stages = HostStages::on_cpu;
                        return std::make_unique<QuadricsJob>(m.dma, m.host, m.qsnet_hw, placement, spec);
                      },
                      "#1f77b4",
                      message_tier(),
                      nullptr};
}

} // namespace bcssim::mpi::quadrics
