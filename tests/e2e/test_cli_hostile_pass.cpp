// The hostile pass of 2026-12-06 (evening, ~470 cases): what it found that broke the contract, each refused now
// with exit 2 naming what was wrong, nothing written and nothing of the user's replaced.
#include "cli_harness.hpp"

#include <sys/stat.h>

using namespace e2e;

namespace {

const fs::path kHere = kTmp / "hostile-pass";

fs::path small_scenario()
{
  fs::create_directories(kHere);
  const fs::path file = kHere / "s.json";
  std::ofstream(file) << R"({"name": "s", "kind": "app", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "barrier", "iterations": 5, "granularity": "1ms"}})";
  return file;
}

} // namespace

TEST_CASE("workload generate --force replaces a regular file only: a FIFO stays one")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere);
  const fs::path fifo = kHere / "jobs.swf";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto r = bcssim("workload generate --jobs 3 --out " + fifo.string() + " --force");
  CHECK(r.code == 2); // was: exit 0, the FIFO (or /dev/null) replaced by a file of jobs
  CHECK(r.output.find("--out = " + fifo.string() +
                      ": expected a new file, or a regular file to replace with "
                      "--force; this is a device, a FIFO or a socket") != std::string::npos);
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
  const auto proc = bcssim("workload generate --jobs 2 --out /proc/bcssim-no-such-file");
  CHECK(proc.code == 2); // was: exit 1, "run failed"
  CHECK(proc.output.find("--out = /proc/bcssim-no-such-file: expected a file bcssim can create") != std::string::npos);
  fs::remove_all(kHere);
}

TEST_CASE("a --log file inside the results folder is refused before anything is written")
{
  fs::remove_all(kHere);
  const fs::path sc = small_scenario(), out = kHere / "o";
  REQUIRE(bcssim("run " + sc.string() + " -q --out " + out.string()).code == 0);
  const auto r = bcssim("run " + sc.string() + " --force --out " + out.string() +
                        " --log 'root.app:file:" + (out / "run.log").string() + "'");
  CHECK(r.code == 2);
  CHECK(r.output.find("expected a log file outside the results folder " + out.string()) != std::string::npos);
  CHECK_FALSE(fs::exists(out / "run.log")); // was: made by SimGrid, then every later run refused the folder
  CHECK(bcssim("run " + sc.string() + " -q --force --out " + out.string()).code == 0);
  fs::remove_all(kHere);
}

TEST_CASE("docs --root without results, and options missing their value, are exit 2 in bcssim's words")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere / "docs" / "src");
  std::ofstream(kHere / "docs" / "src" / "figures.json") << R"({"figures": []})";
  const auto docs = bcssim("docs --check --root " + kHere.string());
  CHECK(docs.code == 2); // was: exit 1, a raw filesystem error
  CHECK(docs.output.find("is not a folder") != std::string::npos);
  const auto jobs = bcssim("run --jobs");
  CHECK(jobs.code == 2);
  CHECK(jobs.output.find("error: bcssim run: --jobs needs a value (bcssim run --help)") != std::string::npos);
  const auto root = bcssim("docs --root /nonexistent-bcssim");
  CHECK(root.output.find("error: bcssim docs: --root = /nonexistent-bcssim: expected an existing folder") !=
        std::string::npos);
  fs::remove_all(kHere);
}

TEST_CASE("a sweep's values compared as the model reads them; a list's bad item named; text takes a number's words")
{
  fs::remove_all(kHere);
  const std::string sc = small_scenario().string();
  const auto cables = bcssim("validate " + sc + " --set 'sweep.platform.tree.cable_length=[\"1m\",[\"1m\"]]'");
  CHECK(cables.code == 2); // a single length stands for every level: both points the same run
  CHECK(cables.output.find("sweep.platform.tree.cable_length[1] = [\"1m\"]: expected a value the list does not hold "
                           "already") != std::string::npos);
  const auto typed = bcssim("validate " + sc + " --set 'sweep.app.processes=[4,\"4\"]'");
  CHECK(typed.code == 2); // the type is what is wrong, not a repetition
  CHECK(typed.output.find("sweep.app.processes[1] = \"4\": expected an integer") != std::string::npos);
  const auto sizes =
      bcssim("validate " + sc + " --set kind=microbench --set 'microbench.sizes=[\"1B\",\"2B\",\"1GiB\"]'");
  CHECK(sizes.code == 2);
  CHECK(sizes.output.find("in [0B, 1GB]; item [2] = \"1GiB\" is not") != std::string::npos);
  const auto unit = bcssim("validate " + sc + " --set bcs.runtime.slice=500US");
  CHECK(unit.code == 2);
  CHECK(unit.output.find("(did you mean 'us'?)") != std::string::npos);
  const auto name = bcssim("validate " + sc + " --set name=123");
  CHECK(name.code == 0); // was: "expected a non-empty string" for what the shell passed as a word
  CHECK(name.output.find("(scenario '123')") != std::string::npos);
  fs::remove_all(kHere);
}

TEST_CASE("a study whose points share one x plots without gnuplot's \"empty x range\" warning on stderr")
{
  fs::remove_all(kHere);
  const std::string sc = small_scenario().string();
  // Two granularities within a rounding of each other: one x on the plots' axes.
  const auto r = bcssim("run " + sc + " --set 'sweep.synthetic.granularity=[\"1000000ns\",\"1000000.4ns\"]' -q --out " +
                        (kHere / "o").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK(r.output.find("empty x range") == std::string::npos); // was printed twice
  CHECK(r.output == "results: " + (kHere / "o").string() + "/\n");
  fs::remove_all(kHere);
}

TEST_CASE("a symlink a user put in a results folder is named by its own name, not by where it points")
{
  fs::remove_all(kHere);
  const fs::path sc = small_scenario(), out = kHere / "o";
  REQUIRE(bcssim("run " + sc.string() + " -q --out " + out.string()).code == 0);
  fs::create_directory_symlink("/tmp", out / "mine");
  const auto r = bcssim("run " + sc.string() + " --force --out " + out.string());
  CHECK(r.code == 2);
  CHECK(r.output.find("this one also holds mine, which bcssim did not write") != std::string::npos); // was "../.."
  CHECK(fs::is_symlink(out / "mine"));
  fs::remove_all(kHere);
}

// The hostile pass of 2026-12-07: a dynamic workload kept every ended job's ranks' actors, so their stacks stayed
// mapped (about 70 MB of address space a second) until SimGrid could not allocate another ("Failed to allocate
// stack", exit 1 at 5,586 simulated s of a 10,000-job SWF). 400 one-second jobs of 2 ranks, one at a time, need
// about 60 MB: within 250 MB of address space they run to the end (before: exit 1 after ~200 jobs).
TEST_CASE("a workload's ended jobs let go of their ranks' stacks: 400 jobs run in a bounded address space")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere);
  std::ofstream swf(kHere / "jobs.swf");
  for (int i = 1; i <= 400; ++i)
    swf << i << " " << i - 1 << " -1 1 2 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n";
  swf.close();
  const auto r = run_shell("ulimit -v 250000 && exec " + exe() + " run " + std::string(BCSSIM_SOURCE_DIR) +
                           "/scenarios/scheduling/gs-example.json --set 'workload.jobs=[]' --set workload.swf=" +
                           (kHere / "jobs.swf").string() + " -q --out " + (kHere / "out").string() + " 2>&1");
  CAPTURE(r.output);
  CHECK(r.code == 0);
  const auto summary = nlohmann::json::parse(slurp(kHere / "out" / "summary.json"));
  CHECK(summary.dump().find("\"jobs\":400") != std::string::npos);
}

// The hostile pass of 2026-12-07: a scenario of 30,000,000 zeros (60 MB, within the 64 MiB file limit) took 1.5-1.85
// GB to hold and could end in std::bad_alloc (SIGABRT); 5,000,000 validated with 1.7 GB. A scenario holds at most
// 4,000,000 JSON values (a 100,000-job workload has about 1.5 million).
TEST_CASE("a scenario of more JSON values than any scenario needs is exit 2 naming where, not gigabytes held")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere);
  const fs::path file = kHere / "zeros.json";
  {
    std::ofstream out(file);
    out << R"({"kind": "microbench", "microbench": {"sizes": [0)";
    for (int i = 0; i < 4'000'000; ++i)
      out << ",0";
    out << "]}}";
  }
  const auto r = bcssim("validate " + file.string());
  CAPTURE(r.output.substr(0, 400));
  CHECK(r.code == 2);
  CHECK(r.output.find("microbench.sizes = (more than 4000000 values): expected at most 4000000 values in all") !=
        std::string::npos);
  fs::remove_all(kHere);
}

// The hostile pass of 2026-12-07: on BCS-MPI a broadcast among the processes of one node completed at once whatever
// its size (1 GB on 2 processes: 1,000 us an iteration, where 4 processes on 2 nodes took 4.7 s and Quadrics MPI
// 3.7 s on 2). Its data now go through the NIC as any message within a node does: about Quadrics MPI's 3.73 s.
TEST_CASE("a BCS-MPI broadcast of 1 GB among the processes of one node takes the time its data take")
{
  fs::remove_all(kHere);
  const auto r = bcssim("run " + std::string(BCSSIM_SOURCE_DIR) +
                        "/scenarios/bcs-microbench.json --set 'mpi_microbench.tests=[\"bcast\"]' --set "
                        "'mpi_microbench.processes=[2,4]' --set mpi_microbench.collective_size=1GB -q --out " +
                        (kHere / "bcast").string());
  CAPTURE(r.output);
  REQUIRE(r.code == 0);
  const auto rows = read_csv(kHere / "bcast" / "runs.csv");
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].at("processes") == "2"); // one node (2 PEs per node)
  const double one_node = std::stod(rows[0].at("latency_us"));
  const double two_nodes = std::stod(rows[1].at("latency_us"));
  CHECK(one_node > 3.0e6); // 3.7253 s: 1 GB through the node's PCI bus, as Quadrics MPI takes (3.7253 s)
  CHECK(one_node < 4.0e6);
  CHECK(two_nodes > one_node);
  fs::remove_all(kHere);
}

// The hostile pass of 2026-12-07, finding 6: SimGrid keeps every value of a speed profile for the whole run, so a
// detour every microsecond held ~32 MB per simulated second and node, and the run ended inside SimGrid when an
// allocation failed ("Cannot destroy semaphore since someone is still using it", exit 1). Now what is sure to pass
// 2 GiB is refused at validation, and a run that passes its budget (2 GiB, or a fifth of the memory left) is
// stopped and refused naming the period, nothing written.
TEST_CASE("OS noise whose detours outgrow memory is exit 2 naming the period, at validation or when it passes")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere);
  const fs::path file = kHere / "noisy.json";
  std::ofstream(file) << R"({"name": "noisy", "kind": "app", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "exchange", "granularity": "1ms", "iterations": 2000},
    "noise": {"cpu": {"period": "1us", "duration": "100ns"}}})";
  const fs::path out = kHere / "out";
  const auto r =
      run_shell("ulimit -v 600000 && exec " + exe() + " run " + file.string() + " -q --out " + out.string() + " 2>&1");
  CAPTURE(r.output);
  CHECK(r.code == 2); // was: exit 1 from inside SimGrid
  CHECK(r.output.find("noise.cpu.period = \"1us\": expected a period whose detours SimGrid can hold: its speed "
                      "profiles keep every detour (32 B) for the whole run, and by ") != std::string::npos);
  CHECK(r.output.find("so the run was stopped; a longer period, a shorter run, or more memory; run_bounds = false "
                      "runs it anyway") != std::string::npos);
  CHECK(!fs::exists(out));
  // 2 nodes, a computation of at least 20 s: 4e7 detours, 1.2 GiB, run; 80 s: 1.6e8, 4.8 GiB, refused at once.
  const std::string sets = " --set synthetic.granularity=10ms";
  CHECK(bcssim("validate " + file.string() + sets).code == 0);
  const auto big = bcssim("validate " + file.string() + sets + " --set synthetic.iterations=8000");
  CHECK(big.code == 2);
  CHECK(big.output.find("noise.cpu.period = \"1us\": expected a period at which the 2 nodes' detours hold at most "
                        "2.0 GiB of SimGrid's speed profiles (32 B each, kept for the whole run) over the run's at "
                        "least 80 s (the synthetic job's computation alone): here about 1.6e8 detours, 4.8 GiB; "
                        "run_bounds = false runs it anyway") != std::string::npos);
  fs::remove_all(kHere);
}

// The hostile pass of 2026-12-07 (finding 12): a 14-byte shared trace "16777215 init" took 2 GB and 9 s of
// validation (a tally of every rank up to the highest) to be told rank 0 had no action; now the pass that finds the
// highest rank names the first rank without a line, within a small address space.
TEST_CASE("a shared trace whose ranks have gaps is refused naming the first missing rank, without a tally of them all")
{
  fs::remove_all(kHere);
  fs::create_directories(kHere);
  std::ofstream(kHere / "gap.txt") << "16777215 init\n";
  std::ofstream(kHere / "gap.json") << R"({"name": "gap", "kind": "app", "platform": {"nodes": 8388608},
    "app": {"name": "replay"}, "replay": {"trace": ")"
                                    << (kHere / "gap.txt").string() << "\"}}";
  const auto r =
      run_shell("ulimit -v 400000 && exec " + exe() + " validate " + (kHere / "gap.json").string() + " 2>&1");
  CAPTURE(r.output);
  CHECK(r.code == 2);
  CHECK(r.output.find("expected at least one action of rank 0 (its init and finalize at least): its ranks are 0 to "
                      "its highest rank prefix, 16777215") != std::string::npos);
  fs::remove_all(kHere);
}
