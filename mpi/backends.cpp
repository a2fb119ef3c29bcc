// The registered MPI backends: one line each. A new backend is a folder under mpi/ with a `backend()` function
// returning its registration, plus its line here.
#include "mpi/backend.hpp"
#include "mpi/bcs/backend.hpp"
#include "mpi/quadrics/backend.hpp"

#include "base/registry.hpp"

namespace bcssim::mpi {

const std::vector<Backend>& backends()
{
  static const std::vector<Backend> all = {
      quadrics::backend(), // the production-MPI baseline: Quadrics MPI over Elan Tports
      bcs_mpi::backend(),  // BCS-MPI
  };
  return all;
}

const Backend& backend(const std::string& name) { return base::find_named(backends(), name, "MPI backend"); }

std::vector<std::string> backend_names() { return base::names_of(backends()); }

} // namespace bcssim::mpi
