#pragma once
// The production-MPI baseline as an MPI backend: Quadrics MPI over Elan Tports, with QsNet's hardware barrier and
// broadcast when the job's nodes allow them.
#include "base/params.hpp"
#include "bcs/core/primitives.hpp"
#include "models/elan3/tports/tports.hpp"
#include "mpi/backend.hpp"
#include "mpi/quadrics/hardware_collectives.hpp"
#include "mpi/quadrics/quadrics_comm.hpp"

namespace bcssim::mpi::quadrics {

/// Defaults and sources: backend_params() (mpi/quadrics/params.cpp).
struct BackendSpec {
  elan3::tports::TportsSpec tports;
  QuadricsSpec mpi;
  bool hardware_collectives = false; // false: MPICH's software barrier and broadcast everywhere
};

/// quadrics.*: the library's host costs, the Tports' NIC costs, hardware collectives on or off.
const base::ParamGroup<BackendSpec>& backend_params();

/// One job on the baseline: its Tports and, when usable, its hardware collectives.
class QuadricsJob : public JobBackend {
public:
  /// `hw`: QsNet's core primitives (hardware multicast and network conditional).
  QuadricsJob(elan3::DmaEngine& dma, const elan3::HostInterface& host, bcssim::bcs::core::CorePrimitives& hw,
              const Placement& placement, BackendSpec spec);

  std::unique_ptr<Comm> make_comm(int rank) override;
  bool hardware_collectives() const override { return hardware_ != nullptr; }
  void stop() override { tports_.stop(); }

private:
  const elan3::HostInterface& host_;
  BackendSpec spec_;
  int size_;
  elan3::tports::Tports tports_;
  std::unique_ptr<HardwareCollectives> hardware_;
};

/// The registration of "quadrics" (mpi/backends.cpp).
mpi::Backend backend();

} // namespace bcssim::mpi::quadrics
