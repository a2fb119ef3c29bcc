// Names only in registries (issue 44 part 1): shared code goes through a registration's declarations (Kind,
// mpi::Backend, apps::App, storm::Algorithm), never compares with a registered name. A comparison with one is
// allowed only in the folder that registers it (apps/sage_proxy/ for "sage", mpi/quadrics/ for "quadrics",
// storm/ for the algorithms, bcs/core/ for the core implementations). This test fails on a new `== "<name>"`
// anywhere else.
#include "apps/app.hpp"
#include "bcs/core/implementations.hpp"
#include "mpi/backend.hpp"
#include "sim/kinds/mpi_microbench/benchmarks.hpp"
#include "sim/kinds/registry.hpp"
#include "storm/algorithms.hpp"

#include "source_lines.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

struct Registered {
  std::string name;
  std::string what;
};

std::vector<Registered> registered()
{
  std::vector<Registered> out;
  for (const std::string& k : sim::kind_names())
    out.push_back({k, "kind"});
  for (const std::string& b : mpi::backend_names())
    out.push_back({b, "backend"});
  for (const std::string& a : apps::names())
    out.push_back({a, "application"});
  for (const storm::Algorithm& a : storm::algorithms())
    out.push_back({a.name, "algorithm"});
  for (const std::string& i : bcs::core::implementation_names())
    out.push_back({i, "core implementation"});
  return out;
}

// Its own folder: a path component that begins with the name (apps/sage_proxy, sim/kinds/app, mpi/bcs, bcs/), or
// storm/ for an algorithm, bcs/core/ for a core implementation.
bool home(const std::string& rel, const Registered& r)
{
  if (r.what == "algorithm" && rel.rfind("storm/", 0) == 0)
    return true;
  if (r.what == "core implementation" && rel.rfind("bcs/core/", 0) == 0)
    return true;
  std::stringstream parts(rel);
  std::string part;
  while (std::getline(parts, part, '/'))
    if (part.rfind(r.name, 0) == 0 && part.find('.') == std::string::npos)
      return true;
  return false;
}

} // namespace

TEST_CASE("no registered name is compared with outside the folder that registers it")
{
  const fs::path root(BCSSIM_SOURCE_DIR);
  const std::vector<Registered> names = registered();
  REQUIRE(names.size() > 10);
  std::vector<std::string> found;
  test::for_each_source_line(root, [&](const std::string& rel, int n, const std::string& line) {
    for (const Registered& r : names) {
      const std::string q = "\"" + r.name + "\"";
      const bool compared = line.find("== " + q) != std::string::npos || line.find("!= " + q) != std::string::npos ||
                            line.find(q + " ==") != std::string::npos || line.find(q + " !=") != std::string::npos;
      if (compared && !home(rel, r))
        found.push_back(rel + ":" + std::to_string(n) + ": the " + r.what + " " + q + ": " + line);
    }
  });
  INFO("declare what the comparison asks for in the registration (Kind, mpi::Backend, apps::App, "
       "storm::Algorithm) and read that instead");
  for (const std::string& f : found)
    CHECK_MESSAGE(false, f);
  CHECK(found.empty());
}

TEST_CASE(
    "every backend, algorithm and core implementation declares its plot colour, and no two of one registry share one")
{
  std::set<std::string> backend_colours, algorithm_colours;
  for (const mpi::Backend& b : mpi::backends()) {
    CHECK(std::regex_match(b.colour, std::regex("#[0-9a-f]{6}")));
    backend_colours.insert(b.colour);
  }
  CHECK(backend_colours.size() == mpi::backends().size());
  for (const storm::Algorithm& a : storm::algorithms()) {
    CHECK(std::regex_match(std::string(a.colour), std::regex("#[0-9a-f]{6}")));
    algorithm_colours.insert(a.colour);
  }
  CHECK(algorithm_colours.size() == storm::algorithms().size());
  std::set<std::string> implementation_colours;
  for (const bcs::core::Implementation& i : bcs::core::implementations()) {
    CHECK(std::regex_match(i.colour, std::regex("#[0-9a-f]{6}")));
    implementation_colours.insert(i.colour);
  }
  CHECK(implementation_colours.size() == bcs::core::implementations().size());
}

TEST_CASE("what an algorithm needs of the MPI is a capability that some backend has, and the baseline lacks a strobe")
{
  // storm::MpiNeed, matched by sim/kinds/workload/scheduler_check.cpp: never a backend's name.
  bool strobe = false, no_strobe = false;
  for (const mpi::Backend& b : mpi::backends())
    (b.has_strobe() ? strobe : no_strobe) = true;
  CHECK(strobe);
  CHECK(no_strobe);
  CHECK_FALSE(mpi::backends().front().has_strobe()); // the baseline, first (mpi/backends.cpp)
  for (const storm::Algorithm& a : storm::algorithms())
    CHECK(std::string(storm::describe(a.mpi)).rfind("on ", 0) == 0);
}

TEST_CASE("every MPI microbenchmark is registered whole: a unique name and figure, and what its family runs")
{
  // sim/kinds/mpi_microbench/benchmarks.hpp: the run and the reports read these fields, never the name.
  std::set<std::string> names, figures, columns;
  for (const sim::MpiBenchmark& b : sim::mpi_benchmarks()) {
    INFO(b.name);
    CHECK(names.insert(b.name).second);
    CHECK(figures.insert(b.figure).second);
    if (!b.size_column.empty())
      CHECK(columns.insert(b.size_column).second);
    CHECK((b.family == sim::BenchFamily::streaming) == (b.stream != nullptr));
    CHECK((b.family == sim::BenchFamily::streaming || (b.family == sim::BenchFamily::round_trip && !b.posted_first)) ==
          !b.size_column.empty());
    CHECK_FALSE((b.posted_first && b.family != sim::BenchFamily::round_trip));
    CHECK_FALSE((b.reduces_doubles && !b.sized));
  }
  CHECK(sim::mpi_benchmark("allreduce").name == "allreduce");
  CHECK(sim::mpi_benchmark("allreduce").reduces_doubles);
  CHECK_THROWS_AS(sim::mpi_benchmark("ping_pong"), std::invalid_argument);
}
