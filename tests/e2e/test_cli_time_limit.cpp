// Simulated time past what bcssim can count (base/sim_time.hpp: 4e9 s, integer nanoseconds in 64 bits) is exit 2
// naming the parameter or the trace's line, on both MPIs, and nothing is written: never a run time that wrapped
// around ("run time -9223372037 s", exit 0) or a BCS-MPI run that never ends.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// The shell command `line` is exit 2 with `message` in its output, and writes nothing in kTmp.
void check_refused(const std::string& line, const std::string& message)
{
  const std::set<fs::path> before{fs::directory_iterator(kTmp), fs::directory_iterator()};
  const auto r = run_shell(line + " --out " + (kTmp / "out").string() + " 2>&1");
  CHECK(r.code == 2);
  CHECK_MESSAGE(r.output.find(message) != std::string::npos, r.output);
  CHECK(r.output.find("results:") == std::string::npos); // no headline of a run (it read "run time -9223372037 s")
  const std::set<fs::path> after{fs::directory_iterator(kTmp), fs::directory_iterator()};
  CHECK(before == after);
}

const std::string kLimit = "4e9 s (about 127 years), the limit of simulated time: results count integer nanoseconds";

} // namespace

TEST_CASE("an application's computation past the limit of simulated time is exit 2 naming it, on both MPIs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string sage = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/sage.json";
  const std::string synthetic = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/synthetic-barrier.json";
  const std::string sweep3d = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/sweep3d-blocking.json";
  for (const char* mpi : {"quadrics", "bcs"}) {
    CAPTURE(mpi);
    const std::string on = std::string(" --set compare=false --set mpi=") + mpi;
    // The issue's command: 1e12 cycles x 1e9 cells at 1 GHz, 1e12 s, was "run time -9223372037 s", exit 0.
    check_refused(exe() + " run " + sage +
                      " --set sage.cell_cycles=1e12 --set sage.cells_per_process=1000000000 --set "
                      "sage.cycles=1 --set 'sweep.app.processes=[2]'" +
                      on,
                  "sage.cell_cycles = 1000000000000.0: expected at most 4e9 with the other values as they are: the "
                  "computation of the busiest rank, sage.cycles x sage.cells_per_process x sage.cell_cycles / "
                  "platform.pe_speed x (1 + sage.imbalance) x (1 + sage.variability) = 1 x 1e9 x 1e12 / 1e9 x 1 x "
                  "1 = 1e12 s, is past " +
                      kLimit);
    check_refused(exe() + " run " + synthetic +
                      " --set 'sweep.synthetic.granularity=[\"10000s\"]' --set "
                      "synthetic.iterations=1000000" +
                      on,
                  "sweep.synthetic.granularity[0] = \"10000s\": expected at most 4000s with the other values as "
                  "they are: the computation of the busiest rank, synthetic.iterations x synthetic.granularity x "
                  "max(synthetic.work_factors) x (1 + synthetic.imbalance) x (1 + synthetic.variability) = 1e6 x "
                  "10000 x 1 x 1 x 1 = 1e10 s, is past " +
                      kLimit);
    check_refused(exe() + " run " + sweep3d +
                      " --set sweep3d.iterations=1000000 --set sweep3d.grind_cycles=1e9 --set "
                      "'sweep.app.processes=[4]'" +
                      on,
                  "sweep3d.grind_cycles = 1000000000.0: expected at most");
  }
  fs::remove_all(kTmp);
}

TEST_CASE("a trace's computation or sleep past the limit of simulated time is exit 2 naming its line, on both MPIs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string head = "0 init\n1 init\n", tail = "0 finalize\n1 finalize\n";
  std::ofstream(kTmp / "compute.txt") << head << "0 compute 1e30\n" << tail;
  std::ofstream(kTmp / "sleep.txt") << head << "1 sleep 1e10\n" << tail;
  std::ofstream(kTmp / "r.json") << R"({"name": "r", "kind": "app", "platform": {"nodes": 2},
    "app": {"name": "replay", "processes": 2}, "replay": {"trace": "compute.txt"}})";
  const std::string run = "cd " + kTmp.string() + " && " + exe() + " run r.json";
  for (const char* mpi : {"quadrics", "bcs"}) {
    CAPTURE(mpi);
    check_refused(run + " --set mpi=" + mpi,
                  "replay.trace = compute.txt:3: \"0 compute 1e30\": expected a computation whose time, "
                  "replay.compute_scale x flops / replay.host_speed = 1 x 1e30 / 1e9 = 1e21 s, is at most " +
                      kLimit);
    check_refused(run + " --set mpi=" + mpi + " --set replay.trace=sleep.txt",
                  "replay.trace = sleep.txt:3: \"1 sleep 1e10\": expected a sleep of at most " + kLimit);
  }
  fs::remove_all(kTmp);
}

TEST_CASE("a trace whose data alone pass the limit of simulated time is exit 2 naming it, on both MPIs")
{
  // 500 alltoalls of 9e15 B (the largest count a line may have) a rank: at most 320 MB/s through its PCI bus, more
  // than 1e10 s. The baseline ran to the limit and then said only that simulated time had passed it.
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream trace(kTmp / "a2a.txt");
  trace << "0 init\n1 init\n";
  for (int i = 0; i < 500; ++i)
    trace << "0 alltoall 9000000000000000 9000000000000000\n1 alltoall 9000000000000000 9000000000000000\n";
  trace << "0 finalize\n1 finalize\n";
  trace.close();
  std::ofstream(kTmp / "r.json") << R"({"name": "r", "kind": "app", "platform": {"preset": "crescendo"},
    "app": {"name": "replay", "processes": 2}, "replay": {"trace": "a2a.txt"}})";
  const std::string run = "cd " + kTmp.string() + " && " + exe() + " run r.json";
  for (const char* mpi : {"quadrics", "bcs"}) {
    CAPTURE(mpi);
    for (const char* bounds : {"true", "false"}) // not a bound on the run's cost: run_bounds = false keeps it
      check_refused(run + " --set mpi=" + mpi + " --set run_bounds=" + bounds,
                    "replay.trace = \"a2a.txt\": expected a job whose data fit in the limit of simulated time: a "
                    "rank of the replay job moves at least 4.5e18 B to or from other ranks, at least 1.4e10 s at its "
                    "node's PCI bus rate of at most 305MiB/s, and the limit is " +
                        kLimit);
  }
  fs::remove_all(kTmp);
}

TEST_CASE("a workload's job and a trace window past the limit of simulated time are exit 2 naming them")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "w.json") << R"({"kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
    "workload": {"jobs": [{"app": {"name": "synthetic", "processes": 2}}]}})";
  const std::string w = exe() + " run " + (kTmp / "w.json").string();
  check_refused(w + R"( --set 'workload.jobs=[{"submit": "1e10s"}]')",
                "workload.jobs[0].submit = \"1e10s\": expected a time of at least 0 s, e.g. \"0s\" or \"1.5s\", and "
                "at most " +
                    kLimit);
  check_refused(w + R"( --set 'workload.jobs=[{"synthetic": {"granularity": "10000s", "iterations": 1000000}}]')",
                "workload.jobs[0].synthetic.granularity = \"10000s\": expected at most 4000s");
  std::ofstream(kTmp / "w.swf") << "1 0 -1 1e10 2 -1 -1 2 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n";
  check_refused(w + " --set 'workload.jobs=[]' --set 'workload.granularities=[\"1000s\"]' --set workload.swf=" +
                    (kTmp / "w.swf").string(),
                "w.swf:1: field 4 (run time) = 10000000000: expected a run time of at most " + kLimit);
  check_refused(exe() + " run " + kDefault + " --trace-window 1e10s:", "--trace-window = 1e10s:");
  fs::remove_all(kTmp);
}

TEST_CASE("a run that reaches the limit of simulated time is stopped there: exit 2, nothing written")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // Two jobs of 3e9 s each, within the limit alone, one after the other on one PE: the second would end at 6e9 s.
  // A quantum of 10 s keeps the Machine Manager's ticks within their bound (at 50 ms, 1.2e11 ticks x nodes are
  // refused at validation); the limit is noted at the first tick past it.
  const std::string job = R"({"app": {"name": "synthetic", "processes": 1}, "pes": [0],
    "synthetic": {"pattern": "none", "iterations": 300000, "granularity": "10000s"}})";
  std::ofstream(kTmp / "w.json") << R"({"kind": "workload", "platform": {"nodes": 2, "pes_per_node": 1},
    "scheduler": {"algorithm": "fcfs", "quantum": "10s"}, "workload": {"jobs": [)"
                                 << job << ", " << job << "]}}";
  check_refused(exe() + " run " + (kTmp / "w.json").string(),
                "simulated time = 4000000010 s: expected at most " + kLimit);
  // The default quantum, refused before anything runs.
  std::ofstream(kTmp / "w.json") << R"({"kind": "workload", "platform": {"nodes": 2, "pes_per_node": 1},
    "scheduler": {"algorithm": "fcfs"}, "workload": {"jobs": [)"
                                 << job << ", " << job << "]}}";
  check_refused(exe() + " run " + (kTmp / "w.json").string(),
                "scheduler.quantum = \"50ms\": expected a quantum for which this workload's jobs, running for at "
                "least 3e9 s (their work over the machine's PEs), take Machine Manager ticks x nodes that simulate "
                "in at most about 39 minutes");
  fs::remove_all(kTmp);
}
