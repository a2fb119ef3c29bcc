// docs/extending.md's example backend: the baseline's Tports under another name, so that a comparison runs three
// backends.
#include "mpi/toy_mpi/backend.hpp"

#include "mpi/quadrics/backend.hpp"

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
