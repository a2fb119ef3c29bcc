// Parameters declared once beside their models (base/params.hpp): the declaration carries the default, the
// builder fills the spec's fields through it, and a model's rule speaks with one voice to a scenario and to code
// that builds a spec by hand.
#include "base/params.hpp"
#include "bcs/runtime/params.hpp"
#include "models/elan3/params.hpp"
#include "models/qsnet/params.hpp"
#include "sim/config/params.hpp"
#include "sim/config/scenario.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace bcssim;

namespace {

struct Inner {
  double rate = 0;
};
struct Outer {
  unsigned count = 0;
  bool on = false;
  Inner inner;
};

base::ParamGroup<Inner> inner_group()
{
  base::ParamGroup<Inner> g("outer.inner");
  g.quantity("rate", &Inner::rate, base::Quantity::bandwidth, "2MB/s", 0, 1e9, "doc", "source");
  g.rule([](const Inner& i) -> std::optional<base::ParamError> {
    if (i.rate > 5e6)
      return base::ParamError{"rate", "", "at most 5 MB/s"};
    return std::nullopt;
  });
  return g;
}

base::ParamGroup<Outer> outer_group()
{
  base::ParamGroup<Outer> g("outer");
  g.integer("count", &Outer::count, 3, 0, 10, "doc", "source");
  g.flag("on", &Outer::on, true, "doc");
  g.nest(&Outer::inner, inner_group());
  return g;
}

// A source of values by full path.
class MapSource : public base::ParamSource {
public:
  explicit MapSource(std::map<std::string, base::ParamValue> v) : values_(std::move(v)) {}
  base::ParamValue value(const std::string& path) const override { return values_.at(path); }
  std::string shown(const std::string& path) const override { return "<" + path + ">"; }

private:
  std::map<std::string, base::ParamValue> values_;
};

} // namespace

TEST_CASE("a group's declarations carry full paths, typed defaults and the literal a scenario writes")
{
  const auto g = outer_group();
  REQUIRE(g.entries().size() == 3);
  CHECK(g.entries()[0].decl.path == "outer.count");
  CHECK(g.entries()[2].decl.path == "outer.inner.rate");
  CHECK(g.entries()[2].decl.default_literal == "\"2MB/s\"");
  const Outer d = g.defaults();
  CHECK(d.count == 3);
  CHECK(d.on);
  CHECK(d.inner.rate == 2e6);
}

TEST_CASE("build fills every field from the source and reports a nested rule with its full path")
{
  const auto g = outer_group();
  const Outer o = g.build(
      MapSource({{"outer.count", {{7}, {}}}, {"outer.on", {{0}, {}}}, {"outer.inner.rate", {{4e6}, {"4MB/s"}}}}));
  CHECK(o.count == 7);
  CHECK_FALSE(o.on);
  CHECK(o.inner.rate == 4e6);
  try {
    g.build(MapSource({{"outer.count", {{7}, {}}}, {"outer.on", {{0}, {}}}, {"outer.inner.rate", {{6e6}, {"6MB/s"}}}}));
    FAIL("the rule did not fire");
  } catch (const base::ParamRuleError& e) {
    CHECK(std::string(e.what()) == "outer.inner.rate = <outer.inner.rate>: expected at most 5 MB/s");
  }
  Outer by_hand = g.defaults();
  by_hand.inner.rate = 9e6;
  CHECK_THROWS_WITH_AS(base::enforce(g, by_hand), "outer.inner.rate: expected at most 5 MB/s", std::invalid_argument);
}

TEST_CASE("a model's spec from a scenario equals its group's defaults when the scenario sets nothing")
{
  // Crescendo is the default preset: it sets nodes, PEs and their speed; everything else is the declaration's.
  const sim::Scenario sc = sim::Scenario::resolve(nlohmann::json::object(), {});
  const auto tports = sc.spec(elan3::tports_params());
  const auto defaults = elan3::tports_params().defaults();
  CHECK(tports.eager_limit == defaults.eager_limit);
  CHECK(tports.pio_bandwidth == defaults.pio_bandwidth);
  CHECK(defaults.pio_bandwidth == 87.6e6); // the spec struct holds no default of its own to disagree with
  CHECK(sc.spec(bcs::runtime::runtime_params()).slice == bcs::runtime::runtime_params().defaults().slice);
}

TEST_CASE("the tree's rule is the model's: a scenario and a hand-built platform spec get the same words")
{
  qsnet::PlatformSpec s = sim::Scenario::resolve(nlohmann::json::object(), {}).spec(qsnet::platform_params());
  s.nodes = 100; // a 3-level quaternary tree holds 64
  CHECK_THROWS_WITH_AS(base::enforce(qsnet::platform_params(), s),
                       "platform.nodes: expected at most 64 = 4^3, the capacity of the tree (platform.tree.arity = "
                       "4, platform.tree.levels = 3)",
                       std::invalid_argument);
  try {
    sim::Scenario::resolve({{"platform", {{"nodes", 100}, {"tree", {{"levels", 3}}}}}}, {});
    FAIL("accepted 100 nodes in a 64-node tree");
  } catch (const sim::ScenarioError& e) {
    CHECK(std::string(e.what()) == "platform.nodes = 100: expected at most 64 = 4^3, the capacity of the tree "
                                   "(platform.tree.arity = 4, platform.tree.levels = 3)");
  }
}
