#include "mpi/quadrics/backend.hpp"

namespace bcssim::mpi::quadrics {
namespace {

std::vector<unsigned> nodes_of(const Placement& placement)
{
  std::vector<unsigned> out;
  for (unsigned r = 0; r < placement.size(); ++r)
    out.push_back(placement.of(r).node);
  return out;
}

} // namespace

Backend::Backend(elan3::DmaEngine& dma, const elan3::HostInterface& host, bcs::core::CorePrimitives& hw,
                 const Placement& placement, BackendSpec spec)
    : host_(host), spec_(spec), size_(int(placement.size())), tports_(dma, host, spec.tports, nodes_of(placement))
{
  const std::vector<unsigned> nodes = nodes_of(placement);
  if (spec_.hardware_collectives && HardwareCollectives::usable(hw, nodes))
    hardware_ = std::make_unique<HardwareCollectives>(hw, host, nodes);
}

std::unique_ptr<Comm> Backend::make_comm(int rank)
{
  return std::make_unique<QuadricsComm>(tports_, host_, hardware_.get(), rank, size_, spec_.mpi);
}

} // namespace bcssim::mpi::quadrics
