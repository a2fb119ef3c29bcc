#pragma once
// BCS-MPI as an MPI backend (000 Table 4.2): a job registered with the machine's BCS-MPI runtime, launched by
// its Machine Manager, one BcsComm per rank.
#include "mpi/backend.hpp"

namespace bcssim::mpi::bcs_mpi {

/// The registration of "bcs" (mpi/backends.cpp). Its parameters (bcs.runtime.*, bcs.mds.*) are the runtime's,
/// which the machine owns: every BCS-MPI job shares one runtime.
mpi::Backend backend();

} // namespace bcssim::mpi::bcs_mpi
