// Trace replay from the CLI: a user's own MPI program, and bad traces.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// A shell command's exit code and output (stdout and stderr), run in `dir`.
Outcome shell(const std::string& command, const fs::path& dir)
{
  return run_shell("cd '" + dir.string() + "' && " + command + " 2>&1");
}

// runs.csv's time_s of the run on `mpi`.
std::string time_on(const std::string& runs_csv, const std::string& mpi)
{
  std::istringstream in(runs_csv);
  std::string line;
  while (std::getline(in, line))
    if (line.find("," + mpi + ",replay,") != std::string::npos)
      return line.substr(line.rfind(',') + 1);
  return "";
}

} // namespace

TEST_CASE("run your own MPI program: compile with smpicc, trace with smpirun -trace-ti, replay on both MPIs")
{
  if (shell("command -v smpicc && command -v smpirun", fs::current_path()).code != 0) {
    MESSAGE("skipped: SMPI's smpicc / smpirun are not installed (Debian package libsimgrid-dev; "
            "scripts/install-deps.sh installs it)");
    return;
  }
  const fs::path tmp = scratch("bcssim-e2e-replay");
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const std::string data = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/program/";
  // README, "Run your own MPI program": the same commands.
  const Outcome cc = shell("smpicc -O1 " + data + "ring.c -o ring", tmp);
  REQUIRE_MESSAGE(cc.code == 0, cc.output);
  const Outcome traced =
      shell("smpirun -np 4 -platform " + data + "platform.xml -hostfile " + data +
                "hostfile -trace-ti --cfg=tracing/filename:ring.txt --cfg=smpi/host-speed:1Gf ./ring",
            tmp);
  REQUIRE_MESSAGE(traced.code == 0, traced.output);
  CHECK(traced.output.find("ring: 4 ranks, 10 steps done") != std::string::npos);
  REQUIRE(fs::exists(tmp / "ring.txt"));

  // Communication only (replay.compute_scale 0): the times follow from the trace's messages alone, exactly.
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const std::string trace = " --set replay.trace=" + (tmp / "ring.txt").string();
  const Outcome comm = bcssim("run " + scenario + trace +
                              " --set replay.compute_scale=0 --set compare=true --set "
                              "'sweep.replay.compute_scale=[0]' --out " +
                              (tmp / "comm").string());
  REQUIRE_MESSAGE(comm.code == 0, comm.output);
  const std::string runs = slurp(tmp / "comm" / "runs.csv");
  CHECK(time_on(runs, "quadrics") == "0.000732691"); // exact: any change to the baseline model moves it
  CHECK(time_on(runs, "bcs") == "0.022998965");      // 1 + 10 x 2 + 2 collectives' slices of 500 us, and the launch
  const std::string profile = slurp(tmp / "comm" / "points" / "0000" / "profile.csv");
  CHECK(profile.find("MPI_Isend,40,163840,") != std::string::npos); // 4 ranks x 10 steps x 512 doubles
  CHECK(profile.find("MPI_Allreduce,40,") != std::string::npos);

  // As recorded, and with a 10x slower CPU: the slowdown plot of BCS-MPI over the baseline.
  const Outcome plot = bcssim("run " + scenario + trace + " --out " + (tmp / "ring-results").string());
  REQUIRE_MESSAGE(plot.code == 0, plot.output);
  CHECK(fs::file_size(tmp / "ring-results" / "slowdown.png") > 1000);
  const std::string slow = slurp(tmp / "ring-results" / "slowdowns.csv");
  CHECK(slow.find("point_quadrics,point_bcs,replay.compute_scale,time_quadrics_s,time_bcs_s,slowdown") == 0);
  fs::remove_all(tmp);
}

TEST_CASE("replay: a missing trace, a malformed line and a wait for nothing are exit 2 naming them; nothing written")
{
  const fs::path tmp = scratch("bcssim-e2e-replay-errors");
  fs::remove_all(tmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const std::string data = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/";
  const auto run = [&](const std::string& sets) {
    return bcssim("run " + scenario + " --set compare=false --set 'sweep.replay.compute_scale=[1]' " + sets +
                  " --out " + (tmp / "out").string());
  };
  Outcome r = run("--set replay.trace=" + data + "no-such-trace.txt");
  CHECK(r.code == 2);
  CHECK(r.output.find("replay.trace = \"" + data + "no-such-trace.txt\": expected an existing trace file") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  fs::create_directories(tmp / "trace");
  std::ofstream(tmp / "trace" / "bad.txt") << "0 init\n1 init\n0 compute 5\n1 bcast 4 0 -1\n";
  r = run("--set replay.trace=" + (tmp / "trace" / "bad.txt").string() + " --set app.processes=2");
  CHECK(r.code == 2);
  CHECK(r.output.find("bad.txt:4: \"1 bcast 4 0 -1\": expected a datatype id of SimGrid 3.32") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  r = run("--set replay.trace=" + data + "bad-wait/index.txt --set app.processes=2");
  CHECK(r.code == 2);
  CHECK(r.output.find("bad-wait/rank-1.txt:3: \"1 wait 0 1 5\"") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  r = run("--set replay.trace=" + data + "all-actions/index.txt --set app.processes=3");
  CHECK(r.code == 2);
  CHECK(r.output.find("app.processes = 3: expected 4, the rank count of the trace") != std::string::npos);
  fs::remove_all(tmp);
}

TEST_CASE("the replay recipe takes any trace: its ranks are app.processes and its name the results folder's, "
          "unless set")
{
  // Issue 67 item 12: scenarios/replay-example.json fixed 4 processes and the name "ring"; a 16-rank trace was
  // exit 2 ("app.processes = 4: expected 16") and a user's results went to out/ring/.
  const fs::path tmp = scratch("bcssim-e2e-replay-any");
  fs::remove_all(tmp);
  fs::create_directories(tmp / "mine");
  {
    std::ofstream trace(tmp / "mine" / "halo16.txt");
    for (int r = 0; r < 16; ++r)
      trace << r << " init\n" << r << " compute 1000\n" << r << " allreduce 1 1000 0\n" << r << " finalize\n";
  }
  const std::string example = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const std::string trace = " --set replay.trace=mine/halo16.txt";
  const auto valid = shell(exe() + " validate " + example + trace + " --print", tmp);
  REQUIRE_MESSAGE(valid.code == 0, valid.output);
  CHECK(valid.output.find("\"processes\": 16") != std::string::npos);
  CHECK(valid.output.find("\"name\": \"halo16\"") != std::string::npos);

  // Without --out: out/<the trace's name>/, 16 processes in every point.
  const auto ran = shell(exe() + " run " + example + trace + " -q", tmp);
  REQUIRE_MESSAGE(ran.code == 0, ran.output);
  const auto rows = read_csv(tmp / "out" / "halo16" / "runs.csv");
  REQUIRE(rows.size() == 4); // compute_scale 1 and 10, on each MPI
  for (const auto& row : rows)
    CHECK(row.at("processes") == "16");
  CHECK_FALSE(fs::exists(tmp / "out" / "ring"));

  // Set, they are the user's: a name of its own, and a count the trace must match (exit 2 saying so).
  const auto named = shell(exe() + " validate " + example + trace + " --set name=mine-16 --print", tmp);
  CHECK(named.output.find("\"name\": \"mine-16\"") != std::string::npos);
  const auto four = shell(exe() + " run " + example + trace + " --set app.processes=4 -q", tmp);
  CHECK(four.code == 2);
  CHECK(four.output.find("app.processes = 4: expected 16, the rank count of the trace") != std::string::npos);
  // A trace larger than the machine: said so, and what to do.
  const auto small = shell(exe() + " validate " + example + trace + " --set platform.nodes=4", tmp);
  CHECK(small.code == 2);
  CHECK(small.output.find("app.processes = 16: expected at most platform.nodes x platform.pes_per_node") !=
        std::string::npos);
  CHECK(small.output.find("left unset, it is what the application's input asks (a replay's trace's ranks): give "
                          "more platform.nodes") != std::string::npos);
  fs::remove_all(tmp);
}
