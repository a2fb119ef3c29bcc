// `bcssim record` (issue 66 part 3): a native Open MPI run of the test suite's program (tests/record/probe.cpp, 4
// ranks oversubscribed on the machine's cores) recorded as a trace whose every call, peer, size and tag is the
// program's, replayed on both MPIs; the calls the format cannot hold reported with their counts and refused unless
// skipped; bad options refused before anything runs.
#include "cli_harness.hpp"

#include <unistd.h>

using namespace e2e;

namespace {

#ifdef BCSSIM_RECORD_PROBE
const std::string kProbe = BCSSIM_RECORD_PROBE;
#else
const std::string kProbe;
#endif

// False (and says why) where the recorder was not built: bcs-sim configured without MPI. Where Debian's Open MPI
// is installed (scripts/install-deps.sh does) it must have been built.
bool recorder_built()
{
  if (!kProbe.empty())
    return true;
  CHECK_MESSAGE(!fs::exists("/usr/bin/mpicc"), "Open MPI is installed but the recorder was not built");
  MESSAGE("skipped: the recorder is not built (no MPI at configure time; scripts/install-deps.sh installs it)");
  return false;
}

std::string mpirun(const std::string& args)
{
  return std::string("mpirun --oversubscribe ") + (::geteuid() == 0 ? "--allow-run-as-root " : "") + "-np 4 " +
         kProbe + args;
}

std::string at(int rank, const std::string& action) { return std::to_string(rank) + " " + action; }
std::string n(int value) { return std::to_string(value); }

// The probe's calls on rank r of 4, as the trace must hold them (every line but computation and comments).
std::vector<std::string> expected(int r)
{
  const int right = (r + 1) % 4;
  const int left = (r + 3) % 4;
  std::vector<std::string> v;
  const auto add = [&](const std::string& action) { v.push_back(at(r, action)); };
  add("init");
  if (r % 2 == 0) {
    add("send " + n(right) + " 1 4000");
    add("recv " + n(left) + " 1 4000");
  } else {
    add("recv " + n(left) + " 1 4000");
    add("send " + n(right) + " 1 4000");
  }
  add("irecv " + n(left) + " 2 512");
  add("irecv " + n(right) + " 3 512");
  add("isend " + n(right) + " 2 512");
  add("isend " + n(left) + " 3 512");
  add("wait " + n(left) + " " + n(r) + " 2"); // MPI_Waitall: one wait per request, in array order
  add("wait " + n(right) + " " + n(r) + " 3");
  add("wait " + n(r) + " " + n(right) + " 2");
  add("wait " + n(r) + " " + n(left) + " 3");
  add("isend " + n(right) + " 4 100"); // MPI_Sendrecv: the pair it is, with its tags
  add("irecv " + n(left) + " 4 100");
  add("wait " + n(r) + " " + n(right) + " 4");
  add("wait " + n(left) + " " + n(r) + " 4");
  if (r == 0) {
    for (int i = 0; i < 3; ++i)
      add("recv -1 5 16"); // MPI_ANY_SOURCE
    add("isend 3 7 32");
    add("wait 0 3 7");
  } else {
    add("send 0 5 16");
  }
  if (r == 1) {
    add("irecv -1 -1 8"); // any source, any tag; its wait names what matched
    add("wait 2 1 6");
  }
  if (r == 2)
    add("send 1 6 8");
  if (r == 3) {
    add("irecv 0 7 32");
    add("wait 0 3 7"); // the MPI_Test that found it done; the failed ones are computation
  }
  for (const char* c : {"barrier", "bcast 40 1", "reduce 24 0 2", "allreduce 8 0", "gather 4 4 0", "alltoall 8 8"})
    add(c);
  add("allgatherv " + n((r + 1) * 4) + " 4 8 12 16");
  add(r == 0 ? "scatterv 4 8 12 16 4 0" : "scatterv 0 0 0 0 " + n((r + 1) * 4) + " 0");
  add("barrier"); // of a duplicate of MPI_COMM_WORLD
  add("finalize");
  return v;
}

} // namespace

TEST_CASE("record: a native run's calls are the program's, call by call, and its trace replays on both MPIs")
{
  if (!recorder_built())
    return;
  const fs::path out = kTmp / "record";
  fs::remove_all(out);
  const auto r = bcssim("record --out " + out.string() + " -- " + mpirun(""));
  CAPTURE(r.output);
  REQUIRE(r.code == 0);
  CHECK(r.output.find("recorded: 4 ranks") != std::string::npos);
  for (int rank = 0; rank < 4; ++rank) {
    CAPTURE(rank);
    std::ifstream in(out / "ranks" / ("rank-" + n(rank) + ".txt"));
    std::vector<std::string> calls;
    double flops = 0;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind(at(rank, "compute "), 0) == 0)
        flops += std::stod(line.substr(at(rank, "compute ").size()));
      else if (!line.empty() && line[0] != '#')
        calls.push_back(line);
    }
    CHECK(calls == expected(rank));
    // The probe spends 4 ms of its thread's CPU time computing, measured at 1 Gflop/s (the default --host-speed).
    CHECK(flops >= 3.9e6);
    CHECK(flops < 1e9);
  }
  CHECK(slurp(out / "XXH128SUMS").find("  ranks/rank-3.txt\n") != std::string::npos);
  const auto summary = nlohmann::json::parse(slurp(out / "record.json"));
  CHECK(summary["ranks"] == 4);
  CHECK(summary["left_out"].empty());
  // Its scenario replays it on both MPIs, checksums checked.
  const auto replay = bcssim("run " + (out / "scenario.json").string() + " -q --out " + (kTmp / "replayed").string());
  CAPTURE(replay.output);
  REQUIRE(replay.code == 0);
  const auto runs = read_csv(kTmp / "replayed" / "runs.csv");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].at("mpi") == "quadrics");
  CHECK(runs[1].at("mpi") == "bcs");
}

TEST_CASE("record: calls the trace format cannot hold are named with their counts, refused unless skipped")
{
  if (!recorder_built())
    return;
  const fs::path out = kTmp / "record-unsupported";
  fs::remove_all(out);
  const auto refused = bcssim("record --out " + out.string() + " -- " + mpirun(" unsupported"));
  CAPTURE(refused.output);
  CHECK(refused.code == 2);
  CHECK(refused.output.find("MPI_Ibarrier: 4 calls on 4 ranks") != std::string::npos);
  CHECK(refused.output.find("MPI_Barrier on a communicator other than MPI_COMM_WORLD: 4 calls on 4 ranks") !=
        std::string::npos);
  CHECK(refused.output.find("--skip-unsupported") != std::string::npos);
  CHECK(!fs::exists(out));
  const auto kept = bcssim("record --skip-unsupported --out " + out.string() + " -- " + mpirun(" unsupported"));
  CAPTURE(kept.output);
  REQUIRE(kept.code == 0);
  CHECK(kept.output.find("warning: left out of the trace") != std::string::npos);
  CHECK(nlohmann::json::parse(slurp(out / "record.json"))["left_out"].size() == 2);
}

TEST_CASE("record: bad options and commands that record nothing are refused, leaving nothing")
{
  if (!recorder_built())
    return;
  const fs::path out = kTmp / "record-bad";
  fs::remove_all(out);
  const auto check = [&](const std::string& args, int code, const std::string& said) {
    const auto r = bcssim("record " + args);
    CAPTURE(args);
    CAPTURE(r.output);
    CHECK(r.code == code);
    CHECK(r.output.find(said) != std::string::npos);
    CHECK(!fs::exists(out));
  };
  check("--out " + out.string(), 2, "missing the command argument");
  check("--out " + out.string() + " --clock never -- true", 2, "--clock");
  check("--out " + out.string() + " --host-speed fast -- true", 2, "--host-speed = fast");
  check("--out " + out.string() + " -- true", 2, "records nothing");
  check("--out " + out.string() + " -- false", 1, "exited with 1: nothing recorded");
  check("--out " + out.string() + " -- /nonexistent/program", 1, "cannot run /nonexistent/program");
}
