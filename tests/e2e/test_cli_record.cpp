// `bcssim record` (issue 66 part 3): a native Open MPI run of the test suite's program (tests/record/probe.cpp, 4
// ranks oversubscribed on the machine's cores) recorded as a trace whose every call, peer, size and tag is the
// program's, replayed on both MPIs; the calls the format cannot hold reported with their counts and refused unless
// skipped; bad options refused before anything runs.
#include "cli_harness.hpp"

#include <unistd.h>

using namespace e2e;

namespace {

// The probe built against each MPI the recorder was built for (tests/CMakeLists.txt).
struct Mpi {
  std::string name;   // openmpi, mpich
  std::string probe;  // the probe built with it
  std::string launch; // its mpirun, 4 ranks on however many cores
};
std::vector<Mpi> mpis()
{
  std::vector<Mpi> built;
#ifdef BCSSIM_RECORD_PROBE_OPENMPI
  built.push_back(
      {"openmpi", BCSSIM_RECORD_PROBE_OPENMPI,
       std::string("mpirun.openmpi --oversubscribe ") + (::geteuid() == 0 ? "--allow-run-as-root " : "") + "-np 4 "});
#endif
#ifdef BCSSIM_RECORD_PROBE_MPICH
  built.push_back({"mpich", BCSSIM_RECORD_PROBE_MPICH, "mpirun.mpich -np 4 "});
#endif
  return built;
}

// False (and says why) where the recorder was built for no MPI. Where Debian's Open MPI or MPICH is installed
// (scripts/install-deps.sh installs both) it must have been built for it.
bool recorder_built()
{
  bool openmpi = false;
  bool mpich = false;
  for (const Mpi& m : mpis()) {
    openmpi = openmpi || m.name == "openmpi";
    mpich = mpich || m.name == "mpich";
  }
  CHECK_MESSAGE((openmpi || !fs::exists("/usr/bin/mpicc.openmpi")), "Open MPI is installed but not recorded for");
  CHECK_MESSAGE((mpich || !fs::exists("/usr/bin/mpicc.mpich")), "MPICH is installed but not recorded for");
  if (!mpis().empty())
    return true;
  MESSAGE("skipped: the recorder is not built (no MPI at configure time; scripts/install-deps.sh installs it)");
  return false;
}

// The probe under the first MPI built.
std::string mpirun(const std::string& args) { return mpis().front().launch + mpis().front().probe + args; }

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

TEST_CASE("record: a native run's calls are the program's, call by call, under Open MPI and MPICH, and its trace "
          "replays on both simulated MPIs")
{
  if (!recorder_built())
    return;
  for (const Mpi& mpi : mpis()) {
    CAPTURE(mpi.name);
    const fs::path out = kTmp / ("record-" + mpi.name);
    fs::remove_all(out);
    // The MPI is found from the launcher (mpirun.openmpi, mpirun.mpich).
    const auto r = bcssim("record --out " + out.string() + " -- " + mpi.launch + mpi.probe);
    CAPTURE(r.output);
    REQUIRE(r.code == 0);
    CHECK(r.output.find("recorded (" + mpi.name + "): 4 ranks") != std::string::npos);
    for (int rank = 0; rank < 4; ++rank) {
      CAPTURE(rank);
      const auto [calls, flops] = read_rank_trace(out, rank);
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
    const fs::path replayed = kTmp / ("replayed-" + mpi.name);
    const auto replay = bcssim("run " + (out / "scenario.json").string() + " -q --out " + replayed.string());
    CAPTURE(replay.output);
    REQUIRE(replay.code == 0);
    const auto runs = read_csv(replayed / "runs.csv");
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].at("mpi") == "quadrics");
    CHECK(runs[1].at("mpi") == "bcs");
  }
}

TEST_CASE("record: the program's MPI is found from the program when its launcher does not show it")
{
  if (!recorder_built())
    return;
  for (const Mpi& mpi : mpis()) {
    CAPTURE(mpi.name);
    // A script of the user's that runs mpirun: neither a known launcher nor an ELF program, so passed over; the
    // probe's own dynamic section names its MPI library (libmpi.so, libmpich.so).
    const fs::path runner = kTmp / ("run-" + mpi.name + ".sh");
    std::ofstream(runner) << "#!/bin/sh\nexec " << mpi.launch << "\"$@\"\n";
    fs::permissions(runner, fs::perms::owner_all);
    const fs::path out = kTmp / "record-detect";
    fs::remove_all(out);
    const auto r = bcssim("record --out " + out.string() + " -- " + runner.string() + " " + mpi.probe);
    CAPTURE(r.output);
    CHECK(r.code == 0);
    CHECK(nlohmann::json::parse(slurp(out / "record.json"))["mpi"] == mpi.name);
  }
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
  check("--out '' -- true", 2, "--out = \"\"");                   // not run, then refused at the move into place
  check("--out " + out.string() + " -- true", 2, "--mpi = auto"); // no MPI shows in it
  for (const Mpi& m : mpis()) { // the other MPI's recorder in the program: it crashed; now refused before running
    const std::string other = m.name == "openmpi" ? "mpich" : "openmpi";
    check("--out " + out.string() + " --mpi " + other + " -- " + m.launch + m.probe, 2,
          "--mpi = " + other + ": expected the MPI the command runs: it runs " + m.name);
  }
  check("--out " + out.string() + " --mpi " + mpis().front().name + " -- true", 2, "records nothing");
  const std::string mpi = " --mpi " + mpis().front().name;
  check("--out " + out.string() + mpi + " -- false", 1, "exited with 1: nothing recorded");
  check("--out " + out.string() + mpi + " -- /nonexistent/program", 1, "cannot run /nonexistent/program");
}
