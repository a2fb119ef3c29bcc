// `bcssim convert --to otf2` and back (issue 66 part 2): a trace written as an OTF2 archive and converted into a
// trace again replays to the same digest on both MPIs: the shipped SWEEP3D and NAS EP traces, and a trace of every
// action the archive holds (non-blocking point to point, the collectives with their datatypes and the flops after
// a reduction, the v collectives, alltoallv's per-pair counts). What an archive cannot hold as the replay needs it is named and refused.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

// The digests of `trace`'s replay on both MPIs (quadrics, bcs), on Crescendo with one rank per PE.
std::vector<std::string> digests(const fs::path& trace, int ranks, const fs::path& out)
{
  const auto r = bcssim(
      "run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json --set replay.trace=" + trace.string() +
      " --set app.processes=" + std::to_string(ranks) +
      " --set 'sweep.replay.compute_scale=[1]' --set name=rt -q --progress never --out " + out.string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  return {slurp(out / "points" / "0000" / "digest"), slurp(out / "points" / "0001" / "digest")};
}

// To OTF2 and back: the digests of the trace and of what came back, which must be equal.
void round_trip(const fs::path& trace, int ranks, const std::string& name)
{
  CAPTURE(name);
  const fs::path archive = kTmp / (name + "-otf2"), back = kTmp / (name + "-back");
  const auto to = bcssim("convert " + trace.string() + " --to otf2 --out " + archive.string());
  REQUIRE_MESSAGE(to.code == 0, to.output);
  CHECK(fs::is_regular_file(archive / "traces.otf2"));
  const auto from = bcssim("convert " + (archive / "traces.otf2").string() + " --out " + back.string());
  REQUIRE_MESSAGE(from.code == 0, from.output);
  CHECK(from.output.find("converted (bcs-sim (bcssim convert --to otf2)): " + std::to_string(ranks) + " ranks") !=
        std::string::npos);
  CHECK(digests(trace, ranks, kTmp / (name + "-run")) == digests(back / "trace.txt", ranks, kTmp / (name + "-rerun")));
}

} // namespace

TEST_CASE("convert --to otf2 and back: the shipped SWEEP3D and NAS EP traces replay to the same digests")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path root(BCSSIM_SOURCE_DIR);
  round_trip(root / "traces/sweep3d-2.2b/config-A-16/sweep3d-A-16.txt", 16, "sweep3d");
  round_trip(root / "traces/nas/ep-C-64/ep-C-64.txt", 64, "ep");
  fs::remove_all(kTmp);
}

TEST_CASE("convert --to otf2 and back: every action an archive holds, datatypes and the flops after a reduction")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path trace = kTmp / "all.txt";
  {
    std::ofstream t(trace);
    for (int r = 0; r < 4; ++r) {
      const std::string left = std::to_string((r + 3) % 4), right = std::to_string((r + 1) % 4), me = std::to_string(r),
                        own = std::to_string(4 * (r + 1));
      const auto l = [&](const std::string& action) { t << r << ' ' << action << '\n'; };
      l("init");
      l("compute 1000");
      l("irecv " + left + " 1 64");
      l("isend " + right + " 1 64");
      l("compute 250.5"); // a fraction carries to the next burst
      l("compute 249.5"); // two bursts in a row stay two
      l("wait " + left + " " + me + " 1");
      l("wait " + me + " " + right + " 1");
      l(r % 2 == 0 ? "send " + right + " 2 4000" : "recv " + left + " 2 4000");
      l(r % 2 == 0 ? "recv " + left + " 2 4000" : "send " + right + " 2 4000");
      for (const char* c : {"reduce 10 500 1 0", "allreduce 3 200 1", "scan 2 0 0", "exscan 2 0 1", "bcast 100 2",
                            "gather 16 16 0", "scatter 8 8 3", "allgather 4 4", "alltoall 12 12",

                            "reducescatter 1 2 3 4 100 0", "barrier"})
        l(c);
      l("gatherv " + own + " 4 8 12 16 0");
      l("scatterv 4 8 12 16 " + own + " 1");
      l("allgatherv " + own + " 4 8 12 16");
      // Rank r sends 4 (r + 1) bytes to each rank, and so receives 4, 8, 12 and 16.
      l("alltoallv " + std::to_string(16 * (r + 1)) + " " + own + " " + own + " " + own + " " + own + " 40 4 8 12 16");
      l("compute 2000");
      l("finalize");
    }
  }
  round_trip(trace, 4, "all");
  const std::string back = slurp(kTmp / "all-back" / "ranks" / "rank-2.txt");
  for (const char* line :
       {"2 compute 250\n2 compute 250\n", "2 reduce 10 0 1 0\n2 compute 500\n", "2 allreduce 3 0 1\n2 compute 200\n",
        "2 reducescatter 1 2 3 4 0 0\n2 compute 100\n", "2 gatherv 12 4 8 12 16 0\n",
        "2 alltoallv 48 12 12 12 12 40 4 8 12 16\n", "2 scatterv 4 8 12 16 12 1\n", "2 allgatherv 12 4 8 12 16\n"}) {
    CAPTURE(line);
    CHECK(back.find(line) != std::string::npos);
  }
  fs::remove_all(kTmp);
}

TEST_CASE("convert --to otf2: what an archive cannot hold as the replay needs it is named and refused, or left out")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path trace = kTmp / "odd.txt";
  std::ofstream(trace) << "0 init\n1 init\n0 send 1 0 10\n1 recv -1 0 10\n0 sleep 1\n1 irecv 0 3 8\n0 send 1 3 8\n"
                          "1 test 0 1 3\n1 wait 0 1 3\n"
                          "0 finalize\n1 finalize\n";
  const fs::path out = kTmp / "odd-otf2";
  const auto refused = bcssim("convert " + trace.string() + " --to otf2 --out " + out.string());
  CAPTURE(refused.output);
  CHECK(refused.code == 2);
  for (const char* said : {"receives from any source or with any tag (OTF2 records what a receive matched, which the "
                           "run decides): 1 call on 1 rank",
                           "sleep (OTF2 has no record of one: it would come back as computation): 1 call on 1 rank",
                           "test (whether it completes is decided by the run): 1 call on 1 rank", "--skip-unsupported"})
    CHECK(refused.output.find(said) != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  const auto kept = bcssim("convert " + trace.string() + " --to otf2 --skip-unsupported --out " + out.string());
  CAPTURE(kept.output);
  REQUIRE(kept.code == 0);
  CHECK(kept.output.find("warning: left out of the archive (--skip-unsupported)") != std::string::npos);
  CHECK(fs::is_regular_file(out / "traces.otf2"));
  // A host speed that is no whole number of ticks a second.
  const auto speed = bcssim("convert " + trace.string() + " --to otf2 --host-speed 1.5Hz --out " + out.string() + "-x");
  CHECK(speed.code == 2);
  CHECK(speed.output.find("--host-speed") != std::string::npos);
  fs::remove_all(kTmp);
}
