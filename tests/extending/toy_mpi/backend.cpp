// docs/extending.md's example backend: the baseline's Tports under another name, so that a comparison runs three
// backends.
#include "mpi/toy_mpi/backend.hpp"

#include "mpi/quadrics/backend.hpp"

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(mpi_toy_mpi_backend, "mpi.toy_mpi.backend: docs/extending.md's example backend");

namespace bcssim::mpi::toy_mpi {

mpi::Backend backend()
{
  mpi::Backend b;
  b.name = "toy_mpi";
  b.title = "Toy MPI";
  b.doc = "docs/extending.md's example: the production MPI's Tports under another name";
  b.create = quadrics::backend().create; // reads quadrics.* from the scenario
  b.colour = "#8c564b";
  return b;
}

} // namespace bcssim::mpi::toy_mpi
