// Reading a user's files is bounded in memory (issue 45 item 6): a workload of 100,000 jobs validates within
// 600 MB of address space (it took 2.6 GB when every job held a resolved scenario), a workload file past
// kMaxSwfJobs jobs, a scenario file past 64 MiB and an endless file (/dev/zero) are exit 2 naming them.
#include "cli_harness.hpp"

using namespace e2e;

namespace {
std::string swf_workload(const fs::path& swf)
{
  const fs::path scenario = swf.parent_path() / (swf.stem().string() + ".json");
  std::ofstream(scenario) << R"({"name": "w", "kind": "workload", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 16},
    "scheduler": {"algorithm": "gs", "quantum": "100ms", "mpl": 6, "backfill": "easy"},
    "workload": {"swf": ")"
                          << swf.string() << R"(", "time_scale": 100, "load_factor": 1.307}})";
  return scenario.string();
}
} // namespace

TEST_CASE("a workload of 100,000 SWF jobs validates in bounded memory; past the limits, exit 2 naming the file")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  REQUIRE(bcssim("workload generate --jobs 100000 --procs 32 --seed 1 --out " + (kTmp / "big.swf").string()).code == 0);
  const auto bounded =
      run_shell("ulimit -v 600000; " + exe() + " validate " + swf_workload(kTmp / "big.swf") + " 2>&1");
  CHECK_MESSAGE(bounded.code == 0, bounded.output);

  { // One job line past kMaxSwfJobs (1,000,000): refused at that line, before any job is made.
    std::ofstream out(kTmp / "many.swf");
    for (int i = 1; i <= 1000001; ++i)
      out << i << " 0 -1 100 4 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n";
  }
  const auto many = bcssim("workload stats " + (kTmp / "many.swf").string());
  CHECK(many.code == 2);
  CHECK(many.output.find("many.swf:1000001: the file = (more jobs): expected at most 1000000 jobs per workload "
                         "file") != std::string::npos);
  fs::remove(kTmp / "many.swf");

  const auto zero_swf = bcssim("validate " + swf_workload(kTmp / "zero.swf") + " --set workload.swf=/dev/zero");
  CHECK(zero_swf.code == 2);
  CHECK(zero_swf.output.find("workload.swf = /dev/zero: expected a readable SWF file (/dev/zero is not a regular "
                             "file (a pipe, a FIFO or a device)") != std::string::npos);
  const auto zero = bcssim("validate /dev/zero");
  CHECK(zero.code == 2);
  CHECK(zero.output.find("expected a scenario file; this is not a regular file") != std::string::npos);
  fs::remove_all(kTmp);
}
