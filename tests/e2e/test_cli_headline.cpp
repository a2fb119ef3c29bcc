// Issue 21 part 3: `run` ends with the figures a user would quote (unless --quiet); --progress shows progress on a
// terminal, or as lines on stderr when asked, and never when told so.
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("headline: the default scenario's figures on stdout, then the results folder; --quiet keeps only the folder")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const auto r = run_shell(exe() + " run " + kDefault + " --out " + (kTmp / "d").string() + " 2>/dev/null");
  REQUIRE(r.code == 0);
  // The default scenario's calibrated figures (docs/calibration.md): 2.2 us, 338.4 MB/s Elan to Elan.
  CHECK(r.output == "0 B RDMA latency 2.2 us (elan-elan); peak bandwidth (MB/s) elan-elan 338.4, elan-main 319.6, "
                    "main-main 303.9; barrier on 32 nodes 8.064 us (qsnet_hw); barrier on 32 nodes 17.83 us "
                    "(software_tree)\nresults: " +
                        (kTmp / "d").string() + "/\n");
  const auto q = run_shell(exe() + " run " + kDefault + " -q --out " + (kTmp / "q").string() + " 2>&1");
  REQUIRE(q.code == 0);
  CHECK(q.output == "results: " + (kTmp / "q").string() + "/\n");
  fs::remove_all(kTmp);
}

TEST_CASE("headline of a study: one line per point with its label; --progress always writes lines into a pipe")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "app", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "barrier", "iterations": 10, "granularity": "1ms"},
    "sweep": {"synthetic.granularity": ["1ms", "2ms"]}})";
  const std::string study = exe() + " run " + (kTmp / "s.json").string() + " -j 1 --out ";
  const auto r = run_shell(study + (kTmp / "a").string() + " --progress always 2>" + (kTmp / "err").string());
  REQUIRE(r.code == 0);
  std::istringstream lines(r.output);
  std::string first, second, third;
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  CHECK(first.rfind("#0 synthetic.granularity=1ms: synthetic (barrier) on quadrics, 4 processes on 2 nodes: run "
                    "time 0.01",
                    0) == 0);
  CHECK(second.rfind("#1 synthetic.granularity=2ms: synthetic (barrier) on quadrics, 4 processes on 2 nodes: run "
                     "time 0.02",
                     0) == 0);
  CHECK(third == "results: " + (kTmp / "a").string() + "/");
  // Not a terminal: a line as each point ends, nothing written in place.
  const std::string err = slurp(kTmp / "err");
  CHECK(err.find("progress: 1/2 points done") != std::string::npos);
  CHECK(err.find("progress: 2/2 points done") != std::string::npos);
  CHECK(err.find('\r') == std::string::npos);

  const auto never = run_shell(study + (kTmp / "b").string() + " --progress never -q 2>&1");
  REQUIRE(never.code == 0);
  CHECK(never.output == "results: " + (kTmp / "b").string() + "/\n");
  const auto bad = run_shell(study + (kTmp / "c").string() + " --progress sometimes 2>&1");
  CHECK(bad.code == 2);
  CHECK(bad.output.find("--progress: sometimes not in {auto,always,never}") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "c"));
  fs::remove_all(kTmp);
}
