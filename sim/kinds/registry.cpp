// The registered scenario kinds: one line each.
#include "sim/kinds/registry.hpp"

#include "sim/kinds/app/kind.hpp"
#include "sim/kinds/microbench/kind.hpp"
#include "sim/kinds/mpi_microbench/kind.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace bcssim::sim {

const std::vector<Kind>& kinds()
{
  static const std::vector<Kind> all = {
      microbench_kind(),     // the raw QsNet substrate and the core primitives
      mpi_microbench_kind(), // OSU-style MPI benchmarks on a backend
      app_kind(),            // one application on a backend
  };
  return all;
}

const Kind& find_kind(const std::string& name)
{
  for (const Kind& k : kinds())
    if (k.name == name)
      return k;
  throw std::invalid_argument(fmt::format("no scenario kind '{}'; known: {}", name, fmt::join(kind_names(), ", ")));
}

std::vector<std::string> kind_names()
{
  std::vector<std::string> out;
  for (const Kind& k : kinds())
    out.push_back(k.name);
  return out;
}

} // namespace bcssim::sim
