// Idle slices computed, not acted out (bcs.runtime.idle_slices, bcs/runtime/idle_slices.hpp): the same events at
// the same instants, so the same digest and times, as acting every slice out; and the computation is used.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// The digest and runs.csv of `scenario` run with `sets`.
std::pair<std::string, std::string> run_with(const fs::path& scenario, const std::string& sets, const fs::path& out,
                                             std::string* output = nullptr)
{
  const Outcome r = bcssim("run " + scenario.string() + " --force --out " + out.string() + " " + sets);
  REQUIRE_MESSAGE(r.code == 0, r.output);
  if (output != nullptr)
    *output = r.output;
  return {slurp(out / "digest"), slurp(out / "runs.csv")};
}

// A compute-bound BSP loop on BCS-MPI: 20 ms of computation per iteration is 40 slices, of which all but the
// ones the exchange needs have nothing to do.
void check_same_as_acted(const std::string& extra)
{
  CAPTURE(extra);
  const fs::path dir = kTmp / "idle-slices";
  fs::create_directories(dir);
  const fs::path scenario = dir / "bsp.json";
  std::ofstream(scenario) << R"({"name": "bsp", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
    "app": {"name": "synthetic", "processes": 16},
    "synthetic": {"pattern": "exchange", "granularity": "20ms", "iterations": 6, "message_size": "4KiB"}})";
  std::string log;
  const auto computed = run_with(scenario, extra + " --log bcs.runtime.strobe_sender.thres:verbose", dir / "computed",
                                 &log);
  const auto acted = run_with(scenario, extra + " --set bcs.runtime.idle_slices=acted", dir / "acted");
  CHECK(computed.first == acted.first);
  CHECK(computed.second == acted.second);
  // Most of the run's 250 slices were computed: each run of them is logged once.
  CHECK(log.find("computed (idle)") != std::string::npos);
}

} // namespace

TEST_CASE("idle slices: computed and acted out give the same digest and times (stages)")
{
  check_same_as_acted("");
}

TEST_CASE("idle slices: computed and acted out give the same digest and times (message tier, 250 us slices)")
{
  check_same_as_acted("--set platform.fidelity=message --set bcs.runtime.slice=250us");
}
