// Nothing lost, nothing read short: a damaged input is an error naming it, never a shorter input read without a
// word (issue 45).
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("a truncated .gz workload or trace is exit 2 naming the file, not a shorter one read as whole")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string dir = kTmp.string();
  // The issue's case: 2000 generated jobs, gzip-compressed and cut at about a third (it read 555 jobs).
  REQUIRE(bcssim("workload generate --jobs 2000 --procs 8 --seed 1 --out " + dir + "/w.swf").code == 0);
  REQUIRE(run_shell("gzip -9 -n " + dir + "/w.swf && head -c $(( $(stat -c %s " + dir + "/w.swf.gz) / 3 )) " + dir +
                    "/w.swf.gz > " + dir + "/t.swf.gz")
              .code == 0);
  const auto whole = bcssim("workload stats " + dir + "/w.swf.gz");
  CHECK(whole.code == 0);
  CHECK(whole.output.find("2000 jobs") != std::string::npos);
  const auto stats = bcssim("workload stats " + dir + "/t.swf.gz");
  CHECK(stats.code == 2);
  CHECK_MESSAGE(stats.output.find(dir + "/t.swf.gz: truncated or corrupt gzip data (unexpected end of file)") !=
                    std::string::npos,
                stats.output);
  std::ofstream(kTmp / "swf.json") << R"({"name": "swf", "kind": "workload", "platform": {"preset": "accelerando",
    "nodes": 4}, "scheduler": {"algorithm": "fcfs"}, "workload": {"swf": ")" << dir << R"(/t.swf.gz",
    "time_scale": 100, "swf_jobs": 10}})";
  const auto run = bcssim("run " + dir + "/swf.json --out " + dir + "/out");
  CHECK(run.code == 2);
  CHECK(run.output.find("t.swf.gz: truncated or corrupt gzip data") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));

  // A trace shares the reader: its gzip cut short is replay.trace's error, on either MPI.
  std::ofstream trace(kTmp / "ring.txt");
  trace << "0 init\n1 init\n";
  for (int i = 0; i < 4000; ++i)
    trace << "0 compute " << 1000 + i << "\n1 compute " << 2000 + i << "\n";
  trace << "0 finalize\n1 finalize\n";
  trace.close();
  REQUIRE(run_shell("cd " + dir + " && gzip -9 -n ring.txt && head -c $(( $(stat -c %s ring.txt.gz) / 2 )) "
                    "ring.txt.gz > cut.txt.gz").code == 0);
  std::ofstream(kTmp / "r.json") << R"({"name": "r", "kind": "app", "platform": {"nodes": 2},
    "app": {"name": "replay", "processes": 2}, "replay": {"trace": "cut.txt.gz"}})";
  for (const char* mpi : {"quadrics", "bcs"}) {
    CAPTURE(mpi);
    const auto r = run_shell("cd " + dir + " && " + exe() + " run r.json --set mpi=" + mpi + " --out out 2>&1");
    CHECK(r.code == 2);
    CHECK_MESSAGE(r.output.find("cut.txt.gz: truncated or corrupt gzip data (unexpected end of file)") !=
                      std::string::npos,
                  r.output);
    CHECK_FALSE(fs::exists(kTmp / "out"));
  }
  CHECK(run_shell("cd " + dir + " && " + exe() + " run r.json --set replay.trace=ring.txt.gz --out out").code == 0);
  fs::remove_all(kTmp);
}
