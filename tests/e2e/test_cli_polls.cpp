// The Strobe Sender's failing polls worked out instead of stepped through (bcs.runtime.polls = computed,
// bcs/runtime/lazy_polls.hpp) against each poll acted out, where the SS is computed (the message-level tier): the
// same events at the same instants, so the same digest and runs.csv, and the log says polls were worked out. Under
// the stages the option changes nothing (its SS polls from its actor).
#include "cli_harness.hpp"

#include <string>
#include <utility>

using namespace e2e;

namespace {

// Long point-to-point microphases (1 MiB messages chunked over slices, two ranks a node), barriers whose run ends
// while the SS polls (the polls caught up to the run's end), SWEEP3D's wavefronts.
const std::pair<const char*, const char*> kScenarios[] = {
    {"exchange", R"({"name": "x", "kind": "app", "mpi": "bcs",
      "platform": {"preset": "crescendo", "pes_per_node": 2}, "app": {"name": "synthetic", "processes": 16},
      "synthetic": {"pattern": "exchange", "granularity": "1ms", "iterations": 6, "message_size": "1MiB"}})"},
    {"barrier", R"({"name": "b", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
      "app": {"name": "synthetic", "processes": 32},
      "synthetic": {"pattern": "barrier", "granularity": "300us", "iterations": 20}})"},
    {"sweep3d", R"({"name": "s", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
      "app": {"name": "sweep3d", "processes": 64}})"}};

void check_same_as_stepped()
{
  for (const auto& [name, text] : kScenarios) {
    CAPTURE(name);
    const fs::path dir = kTmp / "polls" / name;
    fs::create_directories(dir);
    const fs::path scenario = dir / "scenario.json";
    std::ofstream(scenario) << text;
    const std::string common = "run " + scenario.string() + " --force -q --set platform.fidelity=message ";
    const Outcome lazy =
        bcssim(common + "--out " + (dir / "computed").string() + " --log bcs.runtime.lazy_polls.thres:verbose");
    REQUIRE_MESSAGE(lazy.code == 0, lazy.output);
    const Outcome stepped = bcssim(common + "--out " + (dir / "acted").string() + " --set bcs.runtime.polls=acted");
    REQUIRE_MESSAGE(stepped.code == 0, stepped.output);
    CHECK(slurp(dir / "computed" / "digest") == slurp(dir / "acted" / "digest"));
    CHECK(slurp(dir / "computed" / "runs.csv") == slurp(dir / "acted" / "runs.csv"));
    // The polls were worked out: the last "so far N failing polls worked out" of the log has N > 0.
    const std::string key = "so far ";
    const auto at = lazy.output.rfind(key);
    REQUIRE(at != std::string::npos);
    CHECK(std::stol(lazy.output.substr(at + key.size())) > 0);
  }
}

} // namespace

TEST_CASE("the Strobe Sender's failing polls worked out: the same events as stepped through")
{
  check_same_as_stepped();
}
