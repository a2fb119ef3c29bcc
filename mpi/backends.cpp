// The registered MPI backends: one line each. A new backend is a folder under mpi/ with a `backend()` function
// returning its registration, plus its line here.
#include "mpi/backend.hpp"
#include "mpi/bcs/backend.hpp"
#include "mpi/quadrics/backend.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace bcssim::mpi {

const std::vector<Backend>& backends()
{
  static const std::vector<Backend> all = {
      quadrics::backend(), // the production-MPI baseline: Quadrics MPI over Elan Tports
      bcs_mpi::backend(),  // BCS-MPI
  };
  return all;
}

const Backend& backend(const std::string& name)
{
  for (const Backend& b : backends())
    if (b.name == name)
      return b;
  throw std::invalid_argument(fmt::format("no MPI backend '{}'; known: {}", name, fmt::join(backend_names(), ", ")));
}

std::vector<std::string> backend_names()
{
  std::vector<std::string> out;
  for (const Backend& b : backends())
    out.push_back(b.name);
  return out;
}

} // namespace bcssim::mpi
