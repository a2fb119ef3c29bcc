// The message-level tier's NIC threads computed (bcs.runtime.nic_threads = computed: the Strobe Receivers and the
// Strobe Sender within a slice run as continuations on their NIC cores, bcs/runtime/computed_sr.hpp and
// computed_ss.hpp) against the same threads acted out by their actors: the same events at the same instants, so
// the same digest and runs.csv, on programs that reach every path of the computation (chunked messages over
// slices, messages within a node, restarts, collectives whose master queries, a job's termination, time-shared
// jobs). NAS IS is the exception for its digest only: in its all-to-all many chunks' flows start at one instant and
// some of that instant's events are recorded in another order, but every run time is the same to the ns since
// SimGrid's events are timed to the picosecond (platform.qsnet.event_precision; at SimGrid's default of 1 ns the
// two were 1.8 % apart, 3.3820 s acted and 3.4445 s computed: docs/model.md, "The event precision").
#include "cli_harness.hpp"

#include <string>

using namespace e2e;

namespace {

std::pair<std::string, std::string> run_with(const fs::path& scenario, const std::string& sets, const fs::path& out)
{
  // The log says the steps were computed (or acted: then it says nothing).
  const Outcome r = bcssim("run " + scenario.string() + " --force -q --out " + out.string() +
                           " --set platform.fidelity=message --log bcs.runtime.computed_sr.thres:verbose "
                           "--log bcs.runtime.computed_ss.thres:verbose " +
                           sets);
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const bool acted = sets.find("nic_threads=acted") != std::string::npos;
  CHECK((r.output.find("the Strobe Receiver's steps are computed") != std::string::npos) == !acted);
  CHECK((r.output.find("the Strobe Sender's microphases are computed") != std::string::npos) == !acted);
  return {slurp(out / "digest"), slurp(out / "runs.csv")};
}

enum class Same {
  everything, // the digest and runs.csv
  run_times,  // runs.csv (every run time to the ns), not the order of one instant's events
};

// Runs `scenario_text` with the threads computed and acted, and checks that `same` is the same.
void check_same_as_acted(const std::string& name, const std::string& scenario_text, Same same = Same::everything)
{
  CAPTURE(name);
  const fs::path dir = kTmp / "nic-threads" / name;
  fs::create_directories(dir);
  const fs::path scenario = dir / "scenario.json";
  std::ofstream(scenario) << scenario_text;
  const auto computed = run_with(scenario, "", dir / "computed");
  const auto acted = run_with(scenario, "--set bcs.runtime.nic_threads=acted", dir / "acted");
  if (same == Same::everything)
    CHECK(computed.first == acted.first);
  CHECK(computed.second == acted.second);
}

} // namespace

TEST_CASE("nic threads computed: chunked exchanges, two ranks a node, barriers")
{
  // 1 MiB messages are chunked over slices; two ranks share each node; the barrier's master queries its flags.
  check_same_as_acted("exchange", R"({"name": "x", "kind": "app", "mpi": "bcs",
    "platform": {"preset": "crescendo", "pes_per_node": 2}, "app": {"name": "synthetic", "processes": 16},
    "synthetic": {"pattern": "exchange", "granularity": "1ms", "iterations": 6, "message_size": "1MiB"}})");
  check_same_as_acted("barrier", R"({"name": "b", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
    "app": {"name": "synthetic", "processes": 32},
    "synthetic": {"pattern": "barrier", "granularity": "300us", "iterations": 20}})");
}

TEST_CASE("nic threads computed: SWEEP3D's wavefronts and NAS IS's all-to-all")
{
  const std::string root = BCSSIM_SOURCE_DIR;
  check_same_as_acted("sweep3d", R"({"name": "s", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
    "app": {"name": "sweep3d", "processes": 64}})");
  check_same_as_acted("nas-is",
                      R"({"name": "is", "kind": "app", "mpi": "bcs",
    "platform": {"preset": "crescendo", "qsnet": {"small_transfers": "packet"}},
    "app": {"name": "replay", "processes": 64},
    "replay": {"trace": ")" +
                          root + R"(/traces/nas/is-C-64/is-C-64.txt", "host_speed": "1GHz",
               "checksums": ")" +
                          root + R"(/traces/nas/is-C-64/XXH128SUMS"}})",
                      Same::run_times); // both 3.379015958 s
}

TEST_CASE("nic threads computed: jobs time-shared by BCS, launched and reported terminated")
{
  check_same_as_acted("workload", R"({"name": "w", "kind": "workload", "mpi": "bcs",
    "platform": {"preset": "accelerando", "nodes": 2},
    "scheduler": {"algorithm": "bcs", "quantum": "10ms", "mpl": 2},
    "workload": {"jobs": [
      {"app": {"name": "synthetic", "processes": 4}, "synthetic": {"pattern": "ring", "granularity": "3ms", "iterations": 10}},
      {"app": {"name": "synthetic", "processes": 4}, "synthetic": {"pattern": "barrier", "granularity": "2ms", "iterations": 10}}]}})");
}
