#pragma once
// The registration of "toy_mpi" (mpi/backends.cpp): docs/extending.md's example backend.
#include "mpi/backend.hpp"

namespace bcssim::mpi::toy_mpi {

mpi::Backend backend();

} // namespace bcssim::mpi::toy_mpi
