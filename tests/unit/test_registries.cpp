// Kinds, MPI backends and applications are registries: a name that is none of them is an error everywhere, never a
// silent fallback (a BCS job numbered -1, SAGE for an unknown application, the microbenchmark for an unknown kind).
#include "apps/app.hpp"
#include "mpi/backend.hpp"
#include "sim/config/params.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/registry.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

using namespace bcssim;
using nlohmann::json;

namespace {

std::string error_of(const json& user)
{
  try {
    sim::Scenario::resolve(user, {});
  } catch (const sim::ScenarioError& e) {
    return e.what();
  }
  return "";
}

bool in_catalogue(const std::string& path) { return sim::find_param(path) != nullptr; }

} // namespace

TEST_CASE("an unknown kind, backend or application is refused, not replaced by another")
{
  CHECK_THROWS_AS(sim::find_kind("microbenchmark"), std::invalid_argument);
  CHECK_THROWS_AS(mpi::backend("mpich"), std::invalid_argument);
  CHECK_THROWS_AS(apps::find("lammps"), std::invalid_argument);
  CHECK(error_of({{"kind", "bench"}}) ==
        "kind = \"bench\": expected one of: microbench, mpi_microbench, app, workload, launch");
  CHECK(error_of({{"mpi", "mpich"}}) == "mpi = \"mpich\": expected one of: quadrics, bcs");
  CHECK(error_of({{"kind", "app"}, {"app", {{"name", "lammps"}}}}) ==
        "app.name = \"lammps\": expected one of: synthetic, sweep3d, sage, replay");
}

TEST_CASE("the scenario's choices of kind, mpi and app.name are the registries' names, in order")
{
  CHECK(sim::find_param("kind")->choices == sim::kind_names());
  CHECK(sim::find_param("mpi")->choices == mpi::backend_names());
  CHECK(sim::find_param("app.name")->choices == apps::names());
  CHECK(mpi::backend_names().front() == "quadrics"); // the baseline first: compare runs it first
}

TEST_CASE("every registered kind, backend and application has its parameters in the catalogue")
{
  for (const sim::Kind& k : sim::kinds()) {
    CAPTURE(k.name);
    CHECK(k.check);
    CHECK(k.start);
    for (const auto& d : k.params)
      CHECK(in_catalogue(d.path));
  }
  for (const mpi::Backend& b : mpi::backends()) {
    CAPTURE(b.name);
    CHECK(b.create);
    for (const auto& d : b.params)
      CHECK(in_catalogue(d.path));
  }
  for (const apps::App& a : apps::registry()) {
    CAPTURE(a.name);
    CHECK(a.main);
    CHECK(a.check);
    CHECK(a.variant);
    CHECK_FALSE(a.params.empty());
    for (const auto& d : a.params) {
      CHECK(d.path.rfind(a.name + ".", 0) == 0); // an application's parameters live in its own section
      CHECK(in_catalogue(d.path));
    }
  }
}

TEST_CASE("a path that is not a parameter is an error, not a null dereference")
{
  const sim::Scenario sc = sim::Scenario::resolve(json::object(), {});
  CHECK_THROWS_AS(sc.value("platform.nodez"), std::logic_error);
  CHECK_THROWS_AS(sc.quantity("bcs.runtime.slices"), std::logic_error);
  CHECK(sc.quantity("bcs.runtime.slice") == doctest::Approx(500e-6).epsilon(1e-12));
}

TEST_CASE("each kind checks its own rules: a bad pair is an error for the kind that uses it")
{
  CHECK(error_of({{"kind", "mpi_microbench"}, {"mpi_microbench", {{"pair", {3, 3}}}}}) ==
        "mpi_microbench.pair = [3,3]: expected two distinct node numbers below platform.nodes = 32");
  CHECK(error_of({{"kind", "microbench"}, {"microbench", {{"pair", {0, 40}}}}}) ==
        "microbench.pair = [0,40]: expected two distinct node numbers below platform.nodes = 32");
  CHECK(error_of({{"kind", "app"}, {"app", {{"name", "sweep3d"}, {"processes", 6}}}, {"sweep3d", {{"npe_i", 4}}}}) ==
        "sweep3d.npe_i = 4: expected a divisor of the 6 processes (npe_j = processes / npe_i), or \"auto\"");
}
