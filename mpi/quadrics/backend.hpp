#pragma once
// Everything one job needs to run on the baseline: Elan Tports endpoints for its ranks, the hardware barrier and
// broadcast when its nodes are contiguous (and the scenario allows them), and one QuadricsComm per rank.
#include "bcs/core/primitives.hpp"
#include "models/elan3/tports/tports.hpp"
#include "mpi/placement.hpp"
#include "mpi/quadrics/hardware_collectives.hpp"
#include "mpi/quadrics/quadrics_comm.hpp"

#include <memory>

namespace bcssim::mpi::quadrics {

struct BackendSpec {
  elan3::tports::TportsSpec tports;
  QuadricsSpec mpi;
  bool hardware_collectives = true; // false: MPICH's software barrier and broadcast everywhere
};

class Backend {
public:
  /// `hw`: QsNet's core primitives (hardware multicast and network conditional).
  Backend(elan3::DmaEngine& dma, const elan3::HostInterface& host, bcssim::bcs::core::CorePrimitives& hw,
          const Placement& placement, BackendSpec spec);

  std::unique_ptr<Comm> make_comm(int rank);
  /// True when barrier and broadcast use the hardware.
  bool hardware_collectives() const { return hardware_ != nullptr; }
  /// The job is over: ends its NIC threads.
  void stop() { tports_.stop(); }

private:
  const elan3::HostInterface& host_;
  BackendSpec spec_;
  int size_;
  elan3::tports::Tports tports_;
  std::unique_ptr<HardwareCollectives> hardware_;
};

} // namespace bcssim::mpi::quadrics
