// Collective microbenchmarks of the core primitives against the thesis (002 §2.4.2, Fig. 2.6) and 000 Table 2.1,
// in simulated time, through the same code path as `bcssim run` (microbench.collectives).
#include "sim/config/scenario.hpp"
#include "sim/driver/simulation.hpp"
#include "sim/kinds/microbench/kind.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace bcssim::sim;
using nlohmann::json;

namespace {
// Collective measurements only, on the given node-set sizes.
SimulationResult collectives(json platform, json nodes, std::vector<std::string> sets = {})
{
  json user = {{"platform", std::move(platform)},
               {"microbench",
                {{"sizes", {"0B"}},
                 {"paths", {"elan-elan"}},
                 {"bidirectional", false},
                 {"distance", false},
                 {"collective_nodes", std::move(nodes)}}}};
  return simulate(Scenario::resolve(user, sets));
}

const Measurement& find(const SimulationResult& r, const std::string& test, const std::string& path, unsigned n)
{
  for (const auto& m : microbench_results(*r.run))
    if (m.test == test && m.path == path && m.dst + 1 == n)
      return m;
  FAIL("no measurement " << test << " " << path << " on " << n << " nodes");
  return microbench_results(*r.run).front();
}

double us(const Measurement& m) { return double(m.time_ns) / 1e3; }
} // namespace

TEST_CASE(
    "hardware broadcast bandwidth at the source on 64 Wolverine nodes is 312 MB/s from NIC memory and 175 from main")
{
  const auto r = collectives({{"preset", "wolverine"}}, {64}, {"microbench.collective_impls=qsnet_hw"});
  CHECK(find(r, "broadcast", "qsnet_hw:elan", 64).bandwidth() / 1e6 == doctest::Approx(312).epsilon(0.05).scale(0));
  CHECK(find(r, "broadcast", "qsnet_hw:main", 64).bandwidth() / 1e6 == doctest::Approx(175).epsilon(0.05).scale(0));
}

TEST_CASE("hardware broadcast bandwidth at the source on 1024 ASCI Q nodes: 140 MB/s")
{
  const auto r = collectives({{"preset", "asci-q"}, {"nodes", 1024}}, {64, 1024},
                             {"microbench.collective_impls=qsnet_hw", "microbench.broadcast_memories=main"});
  CHECK(find(r, "broadcast", "qsnet_hw:main", 1024).bandwidth() / 1e6 == doctest::Approx(140).epsilon(0.05).scale(0));
  // Fewer levels, faster: the decline reflects the depth of the tree (002 §2.4.2.1).
  CHECK(find(r, "broadcast", "qsnet_hw:main", 64).bandwidth() >
        find(r, "broadcast", "qsnet_hw:main", 1024).bandwidth());
}

TEST_CASE("hardware barrier takes 10 us on 1024 nodes and about half on 4 and Compare-And-Write under 10 us")
{
  const auto r = collectives({{"preset", "asci-q"}, {"nodes", 1024}}, {4, 64, 1024},
                             {"microbench.collective_impls=qsnet_hw", "microbench.broadcast_size=0B"});
  const double b4 = us(find(r, "barrier", "qsnet_hw", 4));
  const double b1024 = us(find(r, "barrier", "qsnet_hw", 1024));
  CHECK(b1024 == doctest::Approx(10).epsilon(0.05).scale(0));
  CHECK(b1024 / b4 == doctest::Approx(2).epsilon(0.15).scale(0)); // "roughly doubling from a few nodes to 1024"
  CHECK(us(find(r, "barrier", "qsnet_hw", 64)) > b4);
  CHECK(us(find(r, "barrier", "qsnet_hw", 64)) < b1024);
  CHECK(us(find(r, "compare", "qsnet_hw", 1024)) < 10);
  CHECK(us(find(r, "compare_and_write", "qsnet_hw", 1024)) < 10);
}

TEST_CASE("software-tree barrier on 1024 QsNet nodes takes about 30 us")
{
  const auto r = collectives({{"preset", "asci-q"}, {"nodes", 1024}}, {1024},
                             {"microbench.collective_impls=software_tree", "microbench.broadcast_size=0B"});
  CHECK(us(find(r, "barrier", "software_tree", 1024)) == doctest::Approx(30).epsilon(0.05).scale(0));
}

namespace {
// 000 Table 2.1: global comparison a·log2(n) us; checked at n = 16, 64, 256, 1024 within 10 %.
void check_global_compare(const std::string& network, double a)
{
  const auto r = collectives({{"preset", "asci-q"}, {"nodes", 1024}}, {16, 64, 256, 1024},
                             {"microbench.collective_impls=software_tree", "microbench.broadcast_size=0B",
                              "bcs.core.software_tree.network=" + network});
  for (unsigned n : {16u, 64u, 256u, 1024u}) {
    CAPTURE(n);
    CHECK(us(find(r, "compare", "software_tree", n)) ==
          doctest::Approx(a * std::log2(double(n))).epsilon(0.10).scale(0));
  }
}
} // namespace

TEST_CASE("software global compare grows as 46 log n us on GigE") { check_global_compare("gige", 46); }
TEST_CASE("software global compare grows as 20 log n us on Myrinet") { check_global_compare("myrinet", 20); }
TEST_CASE("software global compare grows as 20 log n us on InfiniBand") { check_global_compare("infiniband", 20); }
