#include "mpi/quadrics/backend.hpp"

namespace bcssim::mpi::quadrics {
Backend::Backend(elan3::DmaEngine& dma, const elan3::HostInterface& host, bcssim::bcs::core::CorePrimitives& hw,
                 const Placement& placement, BackendSpec spec)
    : host_(host), spec_(spec), size_(int(placement.size())), tports_(dma, host, spec.tports, placement.node_of_ranks())
{
  const std::vector<unsigned> nodes = placement.node_of_ranks();
  if (spec_.hardware_collectives && HardwareCollectives::usable(hw, nodes))
    hardware_ = std::make_unique<HardwareCollectives>(hw, host, nodes);
}

std::unique_ptr<Comm> Backend::make_comm(int rank)
{
  return std::make_unique<QuadricsComm>(tports_, host_, hardware_.get(), rank, size_, spec_.mpi);
}

} // namespace bcssim::mpi::quadrics
