// Idle slices computed, not acted out (bcs.runtime.idle_slices, bcs/runtime/idle_slices.hpp): the same events at
// the same instants, so the same digest and times, as acting every slice out; and the computation is used.
#include "cli_harness.hpp"

#include <cstdio>

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

// Runs `scenario` with idle slices computed (the Strobe Sender's log on) and acted out, in `dir`; checks both give
// the same digest and runs.csv; returns the computed run's output.
std::string same_as_acted(const fs::path& scenario, const std::string& extra, const fs::path& dir)
{
  std::string log;
  const auto computed =
      run_with(scenario, extra + " --log bcs.runtime.strobe_sender.thres:verbose", dir / "computed", &log);
  const auto acted = run_with(scenario, extra + " --set bcs.runtime.idle_slices=acted", dir / "acted");
  CHECK(computed.first == acted.first);
  CHECK(computed.second == acted.second);
  return log;
}

// From the Strobe Sender's last "so far T taped, R replayed": how many computed slices the event loop computed
// (and taped), and how many were replayed from a tape (bcs/runtime/taped_slices.hpp).
std::pair<long, long> taped_and_replayed(const std::string& log)
{
  const std::string key = "so far ";
  const auto at = log.rfind(key);
  REQUIRE(at != std::string::npos);
  long taped = -1, replayed = -1;
  REQUIRE(std::sscanf(log.c_str() + at + key.size(), "%ld taped, %ld replayed", &taped, &replayed) == 2);
  return {taped, replayed};
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
  const std::string log = same_as_acted(scenario, extra, dir);
  // Most of the run's 250 slices were computed: each run of them is logged once. Most were replayed from a tape
  // of the first slice of their run (the one the clock is at, whose core may be busy at its strobe, is computed).
  CHECK(log.find("computed (idle; 0 node(s) with a collective waiting)") != std::string::npos);
  const auto [taped, replayed] = taped_and_replayed(log);
  CHECK(taped >= 1);
  CHECK(replayed > 5 * taped);
}

} // namespace

TEST_CASE("idle slices: computed and acted out give the same digest and times (stages)") { check_same_as_acted(""); }

TEST_CASE("idle slices: computed and acted out give the same digest and times (message tier, 250 us slices)")
{
  check_same_as_acted("--set platform.fidelity=message --set bcs.runtime.slice=250us");
}

namespace {

// NAS EP's ranks end their bursts up to a fifth of a Gflop apart and then allreduce: for hundreds of slices the
// ranks that posted it wait while the others compute, and only the waiting nodes' MSMs have work (their BR finds
// nothing to match; the master, once its own flag is up, queries the job's flags and finds them not all up).
// Those slices are computed too, with the same outcome as acting them out.
void check_waiting_same_as_acted(const std::string& extra)
{
  CAPTURE(extra);
  const fs::path dir = kTmp / "waiting-slices";
  fs::create_directories(dir);
  const fs::path scenario = dir / "ep.json";
  const std::string root = BCSSIM_SOURCE_DIR;
  std::ofstream(scenario) << R"({"name": "ep", "kind": "app", "mpi": "bcs",
    "platform": {"preset": "crescendo", "qsnet": {"small_transfers": "packet"}},
    "app": {"name": "replay", "processes": 64},
    "replay": {"trace": ")"
                          << root << R"(/traces/nas/ep-C-64/ep-C-64.txt", "host_speed": "1GHz",
               "checksums": ")"
                          << root << R"(/traces/nas/ep-C-64/XXH128SUMS"}})";
  const std::string log = same_as_acted(scenario, extra, dir);
  // Runs of slices with from 1 to all 32 nodes waiting were computed.
  CHECK(log.find("(idle; 1 node(s) with a collective waiting)") != std::string::npos);
  CHECK(log.find("(idle; 32 node(s) with a collective waiting)") != std::string::npos);
  // A tape serves one set of waiting nodes: each change of them is taped anew (dozens), each slice after it replayed
  // (thousands).
  const auto [taped, replayed] = taped_and_replayed(log);
  CHECK(taped > 10);
  CHECK(replayed > 50 * taped);
}

} // namespace

TEST_CASE("slices in which a collective waits: computed and acted out give the same digest and times (stages)")
{
  check_waiting_same_as_acted("");
}

TEST_CASE("slices in which a collective waits: computed and acted out give the same digest and times (message tier)")
{
  check_waiting_same_as_acted("--set platform.fidelity=message");
}

namespace {

// A trace's `sleep` is crossed like a computation: the rank posts nothing until it wakes, so the slices in which
// every rank sleeps are computed (a hostile pass found 30 s of sleep on BCS-MPI took ten times the wall of 30 s of
// computation: every one of its slices was acted out).
void check_sleep_same_as_acted(const std::string& extra)
{
  CAPTURE(extra);
  const fs::path dir = kTmp / "sleeping-slices";
  fs::create_directories(dir);
  std::ofstream(dir / "sleep.txt") << "0 init\n1 init\n0 sleep 0.02\n1 sleep 0.025\n0 send 1 0 4096\n"
                                      "1 recv 0 0 4096\n0 sleep 0.01\n1 sleep 0.01\n0 barrier\n1 barrier\n"
                                      "0 finalize\n1 finalize\n";
  const fs::path scenario = dir / "sleep.json";
  std::ofstream(scenario) << R"({"name": "sleep", "kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo"},
    "app": {"name": "replay", "processes": 2}, "replay": {"trace": ")"
                          << (dir / "sleep.txt").string() << R"("}})";
  const std::string log = same_as_acted(scenario, extra, dir);
  // The first sleeps' slices (20 ms: slices 0 to 39) but the first two, and those in which rank 0 waits in its
  // send while rank 1 still sleeps (20 to 25 ms) but the two its post makes busy.
  CHECK(log.find("slices 2 to 39 computed (idle; 0 node(s) with a collective waiting)") != std::string::npos);
  CHECK(log.find("slices 42 to 49 computed (idle; 0 node(s) with a collective waiting)") != std::string::npos);
}

} // namespace

TEST_CASE("idle slices: a trace's sleep is crossed like a computation, same digest and times (stages)")
{
  check_sleep_same_as_acted("");
}

TEST_CASE("idle slices: a trace's sleep is crossed like a computation, same digest and times (message tier)")
{
  check_sleep_same_as_acted("--set platform.fidelity=message");
}
