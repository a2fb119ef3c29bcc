#include "sim/config/params.hpp"
#include "sim/config/params_report.hpp"
#include "sim/config/scenario.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace bcssim::sim;
using nlohmann::json;

namespace {
// The error for `user` (with `sets`), or "" if it resolves.
std::string error_of(const json& user, const std::vector<std::string>& sets = {})
{
  try {
    Scenario::resolve(user, sets);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}
} // namespace

TEST_CASE("defaults and presets resolve; levels \"auto\" fits the nodes")
{
  const Scenario c = Scenario::resolve(json::object(), {}, "x");
  CHECK(c.name() == "x");
  CHECK(c.text("platform.preset") == "crescendo");
  CHECK(c.integer("platform.nodes") == 32);
  CHECK(c.integer("platform.tree.levels") == 3);
  CHECK(c.quantities("platform.tree.cable_length").size() == 3);
  CHECK(c.quantity("platform.pci.read_bandwidth") == 290.0 * 1048576);

  const Scenario w = Scenario::resolve({{"platform", {{"preset", "wolverine"}}}}, {});
  CHECK(w.integer("platform.nodes") == 64);
  CHECK(w.quantity("platform.pci.read_bandwidth") == 200e6);
  CHECK(w.quantity("platform.pe_speed") == 833e6);

  const Scenario q = Scenario::resolve({{"platform", {{"preset", "asci-q"}, {"nodes", 1000}}}}, {});
  CHECK(q.integer("platform.nodes") == 1000); // the user's value beats the preset's
  CHECK(q.integer("platform.tree.levels") == 5);
}

TEST_CASE("--set overrides with the same validation")
{
  const Scenario s = Scenario::resolve(
      json::object(), {"platform.nodes=16", "platform.pci.latency=1us", "microbench.sizes=[\"1B\",\"2B\"]"});
  CHECK(s.integer("platform.nodes") == 16);
  CHECK(s.integer("platform.tree.levels") == 2);
  CHECK(s.quantity("platform.pci.latency") == doctest::Approx(1e-6).scale(0));
  CHECK(s.quantities("microbench.sizes").size() == 2);
  CHECK(error_of(json::object(), {"platform.nodez=3"}).find("platform.nodez") == 0);
  CHECK(error_of(json::object(), {"platform.pci.latency=fast"}).find("a time") != std::string::npos);
  CHECK(error_of(json::object(), {"nonsense"}).find("path=value") != std::string::npos);
}

TEST_CASE("every class of bad input names the path, the value and what is allowed")
{
  // Unknown key, at the root and deeper.
  CHECK(
      error_of({{"platfrom", json::object()}}) ==
      "platfrom = {}: expected a key of this section (did you mean 'platform'?): app, bcs, compare, job, kind, launch, "
      "microbench, mpi, "
      "mpi_microbench, name, noise, platform, quadrics, replay, replicates, run_bounds, sage, scheduler, seed, sweep, "
      "sweep3d, "
      "synthetic, workload");
  CHECK(error_of({{"platform", {{"pci", {{"speed", "1MB/s"}}}}}}).find("platform.pci.speed = \"1MB/s\"") == 0);
  // Wrong type.
  CHECK(error_of({{"platform", {{"nodes", "many"}}}}) ==
        "platform.nodes = \"many\": expected an integer in [2, 16777216]");
  CHECK(error_of({{"platform", 3}}).find("platform = 3: expected an object") == 0);
  CHECK(error_of({{"microbench", {{"bidirectional", 1}}}}) == "microbench.bidirectional = 1: expected true or false");
  // Bad unit, missing unit.
  const std::string unit = error_of({{"platform", {{"pci", {{"read_bandwidth", "300MB"}}}}}});
  CHECK(unit.find("platform.pci.read_bandwidth = \"300MB\": expected a bandwidth") == 0);
  CHECK(unit.find("MiB/s") != std::string::npos);
  CHECK(error_of({{"platform", {{"pe_speed", 1000}}}}).find("expected a frequency") != std::string::npos);
  // Out of range.
  CHECK(error_of({{"platform", {{"tree", {{"arity", 1}}}}}}) ==
        "platform.tree.arity = 1: expected an integer in [2, 64]");
  CHECK(error_of({{"platform", {{"qsnet", {{"ack", {{"t_packet", "0ns"}}}}}}}}).find("expected a time") !=
        std::string::npos);
  // Unknown choice.
  CHECK(error_of({{"platform", {{"preset", "bluegene"}}}}) ==
        "platform.preset = \"bluegene\": expected one of: crescendo, wolverine, accelerando, asci-q");
  // Inconsistent values.
  CHECK(error_of({{"platform", {{"nodes", 5000}, {"tree", {{"levels", 6}}}}}}) ==
        "platform.nodes = 5000: expected at most 4096 = 4^6, the capacity of the tree (platform.tree.arity = 4, "
        "platform.tree.levels = 6)");
  CHECK(error_of({{"platform", {{"tree", {{"cable_length", {"1m", "2m"}}}}}}}) ==
        "platform.tree.cable_length = [\"1m\",\"2m\"]: expected one length, or one per level (3 levels)");
  CHECK(error_of({{"microbench", {{"pair", {0, 40}}}}}) ==
        "microbench.pair = [0,40]: expected two distinct node numbers below platform.nodes = 32");
  CHECK(error_of({{"microbench", {{"paths", {"elan-nic"}}}}}).find("elan-elan, elan-main") != std::string::npos);
  CHECK(error_of({{"name", "../evil"}}).find("name = \"../evil\"") == 0);
  CHECK(error_of({{"microbench", {{"collective_nodes", {2, 64}}}}}) ==
        "microbench.collective_nodes = [2,64]: expected set sizes from 2 to platform.nodes = 32");
  CHECK(error_of({{"microbench", {{"collective_impls", {"mpi"}}}}}).find("qsnet_hw, software_tree") !=
        std::string::npos);
  CHECK(error_of({{"bcs", {{"core", {{"software_tree", {{"network", "tcp"}}}}}}}}) ==
        "bcs.core.software_tree.network = \"tcp\": expected one of: platform, logp, gige, myrinet, infiniband");
  CHECK(error_of({{"kind", "mpi_microbench"}, {"mpi_microbench", {{"processes", {2, 65}}}}}) ==
        "mpi_microbench.processes[1] = 65: expected at most platform.nodes x platform.pes_per_node = 32 x 2 = 64");
  CHECK(error_of({{"kind", "mpi_microbench"}, {"mpi_microbench", {{"pair", {3, 3}}}}}) ==
        "mpi_microbench.pair = [3,3]: expected two distinct node numbers below platform.nodes = 32");
  CHECK(
      error_of({{"kind", "mpi_microbench"}, {"mpi_microbench", {{"collective_size", "12B"}}}}) ==
      "mpi_microbench.collective_size = \"12B\": expected a multiple of 8 B when allreduce runs (it reduces doubles)");
  CHECK(error_of({{"mpi", "mpich"}}) == "mpi = \"mpich\": expected one of: quadrics, bcs");
  CHECK(error_of({{"job", {{"placement", "random"}}}}) == "job.placement = \"random\": expected one of: block, cyclic");
  // Lists that may be empty say so in their doc; others may not.
  CHECK_NOTHROW(Scenario::resolve({{"platform", {{"qsnet", {{"faults", {{"multicast", json::array()}}}}}}}}, {}));
  CHECK(error_of({{"microbench", {{"sizes", json::array()}}}}).find("(not empty)") != std::string::npos);
}

TEST_CASE("malformed JSON and unreadable files are errors too")
{
  const auto dir = std::filesystem::temp_directory_path() / "bcssim-test-scenario";
  std::filesystem::create_directories(dir);
  const auto file = dir / "bad.json";
  std::ofstream(file) << "{\"platform\": {\"nodes\": 4,}}";
  CHECK_THROWS_WITH_AS(Scenario::load(file.string()), doctest::Contains("valid JSON"), ScenarioError);
  CHECK_THROWS_WITH_AS(Scenario::load((dir / "missing.json").string()), doctest::Contains("none exists at this path"),
                       ScenarioError);
  std::ofstream(file) << "{\"seed\": 7}";
  CHECK(Scenario::load(file.string()).name() == "bad"); // named after the file
  std::filesystem::remove_all(dir);
}

TEST_CASE("a file's errors come in the order its keys stand in it, those of --set after them")
{
  const auto dir = std::filesystem::temp_directory_path() / "bcssim-test-error-order";
  std::filesystem::create_directories(dir);
  const auto file = dir / "order.json";
  std::ofstream(file) << R"({"zeta": 1, "platform": {"nodes": "many", "cables": 2}, "alpha": 2})";
  std::vector<std::string> lines;
  try {
    Scenario::load(file.string(), {"seed=-1"});
  } catch (const ScenarioError& e) {
    lines.push_back(e.what());
    lines.insert(lines.end(), e.further().begin(), e.further().end());
  }
  REQUIRE(lines.size() == 5);
  CHECK(lines[0].find("zeta = 1: ") == 0);
  CHECK(lines[1].find("platform.nodes = \"many\": ") == 0);
  CHECK(lines[2].find("platform.cables = 2: ") == 0);
  CHECK(lines[3].find("alpha = 2: ") == 0);
  CHECK(lines[4].find("seed = -1: ") == 0); // given by --set, not in the file
  std::filesystem::remove_all(dir);
}

TEST_CASE("a scenario without a name takes its file's, made a folder name; a name written is checked as written")
{
  // Hostile pass of 2026-12-06: "my scen é.json" holding {} was refused for a name its user never wrote.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "bcssim-test-file-names";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "my scen \xc3\xa9.json") << "{}";
  std::ofstream(dir / ".hidden.json") << "{}";
  CHECK(Scenario::load((dir / "my scen \xc3\xa9.json").string()).name() == "my_scen___");
  CHECK(Scenario::load((dir / ".hidden.json").string()).name() == "hidden");
  CHECK(folder_name("...") == "");
  CHECK_THROWS_WITH_AS(Scenario::resolve(json{{"name", "my scen"}}, {}), doctest::Contains("name = \"my scen\""),
                       ScenarioError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("every parameter has a unit, a default that validates, a doc and a source")
{
  for (const ParamSpec& p : catalog()) {
    CAPTURE(p.path);
    CHECK_FALSE(p.doc.empty());
    CHECK_FALSE(p.source.empty());
    CHECK_FALSE(unit_label(p).empty());
    CHECK_FALSE(check_value(p, p.default_json).has_value());
  }
  for (const Preset& preset : presets())
    for (const PresetValue& v : preset.values) {
      CAPTURE(v.path);
      REQUIRE(find_param(v.path) != nullptr);
      CHECK_FALSE(check_value(*find_param(v.path), v.value).has_value());
      CHECK_FALSE(v.source.empty());
    }
}

TEST_CASE("docs/parameters.md is what `bcssim params --markdown` prints")
{
  std::ifstream in(std::string(BCSSIM_SOURCE_DIR) + "/docs/parameters.md");
  REQUIRE(in.good());
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_MESSAGE(doc == params_markdown(), "regenerate: ./build/release/bcssim params --markdown > docs/parameters.md");
}

TEST_CASE("with(fragment) gives what resolving the echo with the fragment merged in gives, errors included")
{
  // A workload's machine as the jobs see it (kind app), and job sections over it (sim/kinds/workload/jobs.cpp).
  const Scenario machine = Scenario::resolve(
      {{"kind", "app"}, {"platform", {{"preset", "crescendo"}, {"nodes", 16}}}, {"app", {{"name", "synthetic"}}}}, {},
      "w");
  const std::vector<json> fragments = {
      {{"app", {{"name", "synthetic"}, {"processes", 4}}},
       {"synthetic", {{"pattern", "ring"}, {"granularity", "5ms"}, {"iterations", 12}}}},
      {{"app", {{"name", "synthetic"}, {"processes", 1}}}, {"synthetic", {{"pattern", "none"}}}},
      {{"app", {{"name", "sweep3d"}, {"processes", 4}}}},
  };
  for (const json& fragment : fragments) {
    json merged = machine.echo();
    for (const auto& [section, values] : fragment.items())
      for (const auto& [key, value] : values.items())
        merged[section][key] = value;
    CHECK(machine.with(fragment).echo() == Scenario::resolve(merged, {}, "w").echo());
  }
  auto error = [&](const json& fragment) {
    try {
      (void)machine.with(fragment);
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error({{"app", {{"processes", 64}}}}).find("app.processes") == 0); // more than 32 PEs
  CHECK(error({{"synthetic", {{"granularity", "soon"}}}}).find("synthetic.granularity") == 0);
  CHECK(error({{"app", {{"nmae", "x"}}}}).find("app.nmae") == 0); // no such key
}
