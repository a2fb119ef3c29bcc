// Studies: the expansion of "sweep", "compare" and "replicates" into points, their order and their errors.
#include "sim/study/replicates.hpp"
#include "sim/study/study.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace bcssim::sim;
using nlohmann::json;

namespace {
std::string error_of(const json& user, const std::vector<std::string>& sets = {})
{
  try {
    Study::resolve(user, sets, "s");
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}
const json kApp = {{"kind", "app"}, {"app", {{"name", "synthetic"}}}};
} // namespace

TEST_CASE("a plain scenario is one point; sweep x compare is the cartesian product, the backend varying fastest")
{
  const Study plain = Study::resolve(kApp, {}, "s");
  CHECK(plain.single());
  CHECK(plain.size() == 1);

  json user = kApp;
  user["sweep"] = {{"app.processes", {2, 4, 8}}, {"synthetic.granularity", {"1ms", "10ms"}}};
  user["compare"] = true;
  const Study st = Study::resolve(user, {"synthetic.iterations=3"}, "s");
  REQUIRE(st.size() == 12);
  REQUIRE(st.dimensions().size() == 3);
  CHECK(st.dimensions()[2].path == "mpi");
  CHECK(st.label(0) == "app.processes=2 synthetic.granularity=1ms mpi=quadrics");
  CHECK(st.label(1) == "app.processes=2 synthetic.granularity=1ms mpi=bcs");
  CHECK(st.label(2) == "app.processes=2 synthetic.granularity=10ms mpi=quadrics");
  CHECK(st.label(11) == "app.processes=8 synthetic.granularity=10ms mpi=bcs");
  CHECK(st.point(7).integer("app.processes") == 4);
  CHECK(st.point(7).quantity("synthetic.granularity") == doctest::Approx(10e-3).scale(0));
  CHECK(st.point(7).text("mpi") == "bcs");
  CHECK(st.point(7).integer("synthetic.iterations") == 3); // --set applies to every point
  const auto sets = st.point_sets(7);
  CHECK(sets.front() == "synthetic.iterations=3");
  CHECK(sets.back() == "mpi=\"bcs\"");
}

TEST_CASE("sweep and compare errors name the sweep path, the value and what is allowed")
{
  json bad = kApp;
  bad["sweep"] = {{"app.processes", {2, 4000}}};
  CHECK(error_of(bad) == "sweep.app.processes[1] = 4000: expected at most platform.nodes x platform.pes_per_node "
                         "= 32 x 2 = 64 (or 0: all)");
  bad["sweep"] = {{"app.procs", {2}}};
  CHECK(error_of(bad).rfind("sweep.app.procs = [2]: expected a parameter path", 0) == 0);
  bad["sweep"] = {{"app.processes", 4}};
  CHECK(error_of(bad) == "sweep.app.processes = 4: expected a non-empty list of values of app.processes");
  bad["sweep"] = {{"mpi", {"bcs"}}};
  bad["compare"] = true;
  CHECK(error_of(bad).rfind("sweep.mpi = [\"bcs\"]: expected no sweep of mpi when compare is true", 0) == 0);
  CHECK(error_of({{"compare", true}}) ==
        "compare = true: expected false for kind 'microbench' (it does not run on an MPI backend)");
  // A combination that only fails at one point says which.
  json combo = {{"kind", "app"},
                {"app", {{"name", "sweep3d"}}},
                {"sweep3d", {{"npe_i", 2}}},
                {"sweep", {{"app.processes", {4, 9}}}}};
  CHECK(error_of(combo) == "sweep3d.npe_i = 2: expected a divisor of the 9 processes (npe_j = processes / npe_i), "
                           "or \"auto\" (at the sweep point app.processes=9)");
  CHECK(error_of({{"kind", "app"},
                  {"app", {{"name", "sweep3d"}, {"processes", 32}}},
                  {"sweep3d", {{"cells", "global"}, {"it", 8}, {"jt", 7}}}}) ==
        "sweep3d.jt = 7: expected at least 8 cells with sweep3d.cells = global: one per process of the 4 x 8 grid");
  // Valid only with the swept values: the file alone (64 ranks on 32 nodes) is not, every point is.
  json grow = {{"kind", "app"}, {"app", {{"processes", 100}}}, {"sweep", {{"platform.nodes", {50, 64}}}}};
  CHECK(error_of(grow) == "");
  CHECK(Study::resolve(grow, {}, "s").size() == 2);
  CHECK(error_of({{"sweeps", 1}}).find("expected a key of this section (did you mean 'sweep'?): ") !=
        std::string::npos);
  CHECK(error_of({{"sweeps", 1}}).find(", sweep,") != std::string::npos);
  // A list longer than a study may be is refused before its values are compared pairwise (a million took minutes).
  json many = kApp;
  many["sweep"] = {{"seed", json::array()}};
  for (int i = 0; i < 1000000; ++i)
    many["sweep"]["seed"].push_back(i);
  CHECK(error_of(many) == "sweep = 1000000 values in sweep.seed: expected at most 10000 points per study (the "
                          "product of the sweep's list lengths, twice that with compare): split it, e.g. with --set "
                          "sweep.<path>=[...]");
}

TEST_CASE("a study file's errors come in the order its keys stand in it")
{
  const auto dir = std::filesystem::temp_directory_path() / "bcssim-test-study-error-order";
  std::filesystem::create_directories(dir);
  const auto file = dir / "order.json";
  std::ofstream(file) << R"({"zeta": 1, "sweep": {"seed": [1, 2]}, "alpha": 2})";
  std::string first;
  std::vector<std::string> further;
  try {
    Study::load(file.string());
  } catch (const ScenarioError& e) {
    first = e.what();
    further = e.further();
  }
  CHECK(first.find("zeta = 1: ") == 0);
  REQUIRE(further.size() == 1);
  CHECK(further[0].find("alpha = 2: ") == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("replicates add a seed dimension before the backend, from the scenario's seed; groups and statistics")
{
  json user = kApp;
  user["sweep"] = {{"app.processes", {2, 4}}};
  user["compare"] = true;
  user["replicates"] = 3;
  user["seed"] = 40;
  const Study st = Study::resolve(user, {}, "s");
  REQUIRE(st.size() == 12);
  CHECK(st.replicates() == 3);
  REQUIRE(st.dimensions().size() == 3);
  CHECK(st.dimensions()[1].path == "seed");
  CHECK(st.dimensions()[1].replicate);
  CHECK(st.label(0) == "app.processes=2 seed=40 mpi=quadrics");
  CHECK(st.label(5) == "app.processes=2 seed=42 mpi=bcs");
  CHECK(st.point(5).integer("seed") == 42);
  const auto groups = replicate_groups(st);
  REQUIRE(groups.size() == 4); // (2, quadrics), (2, bcs), (4, quadrics), (4, bcs)
  CHECK(groups[0] == std::vector<std::size_t>{0, 2, 4});
  CHECK(groups[1] == std::vector<std::size_t>{1, 3, 5});
  CHECK(groups[3] == std::vector<std::size_t>{7, 9, 11});
  CHECK(replicate_groups(Study::resolve(kApp, {}, "s")).size() == 1);

  const ReplicateStats s = replicate_stats({1.0, 2.0, 4.0});
  CHECK(s.n == 3);
  CHECK(s.mean == doctest::Approx(7.0 / 3));
  CHECK(s.sd == doctest::Approx(std::sqrt((16.0 / 9 + 1.0 / 9 + 25.0 / 9) / 2)));
  CHECK(s.ci95 == doctest::Approx(4.303 * s.sd / std::sqrt(3.0)));
  CHECK(replicate_stats({5.0}).ci95 == 0); // one run: no interval
  CHECK(t975(1) == doctest::Approx(12.706));
  CHECK(t975(30) == doctest::Approx(2.042));
  CHECK(t975(40) == doctest::Approx(2.0211).epsilon(1e-4));  // tables: 2.021
  CHECK(t975(120) == doctest::Approx(1.9799).epsilon(1e-4)); // tables: 1.980

  json seeds = user;
  seeds["sweep"]["seed"] = {1, 2};
  CHECK(error_of(seeds).find("no sweep of seed when replicates > 1") != std::string::npos);
}
