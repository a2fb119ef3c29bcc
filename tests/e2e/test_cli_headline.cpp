// Issue 21 part 3: `run` ends with the figures a user would quote (unless --quiet); --progress shows progress on a
// terminal, or as lines on stderr when asked, and never when told so.
#include "cli_harness.hpp"

using namespace e2e;

namespace {
// "slowdown of bcs over quadrics, synthetic.granularity=1ms: +12.3 %" as the headline writes it.
std::string fmt_slowdown(const std::string& granularity, double slowdown)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.1f %%", slowdown * 100);
  return "slowdown of bcs over quadrics, synthetic.granularity=" + granularity + ": " + buf;
}
} // namespace

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
  CHECK(bad.output.find("error: bcssim run: --progress = sometimes: expected one of: auto, always, never (bcssim run "
                        "--help)") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "c"));
  fs::remove_all(kTmp);
}

TEST_CASE("headline of a comparison: the slowdown per point, the figure a user quotes; counts read as English")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "c.json") << R"({"name": "c", "kind": "app", "compare": true,
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic", "processes": 2},
    "synthetic": {"pattern": "barrier", "iterations": 10, "granularity": "1ms"},
    "sweep": {"synthetic.granularity": ["1ms", "2ms"]}})";
  const auto r = bcssim("run " + (kTmp / "c.json").string() + " --progress never --out " + (kTmp / "c").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const auto rows = read_csv(kTmp / "c" / "slowdowns.csv");
  REQUIRE(rows.size() == 2);
  for (const auto& row : rows) {
    const double s = std::stod(row.at("slowdown"));
    CHECK(r.output.find(fmt_slowdown(row.at("synthetic.granularity"), s)) != std::string::npos);
  }
  // merge of the same points run one by one (`sweep --emit-jobs`, a Slurm array) ends as `run` does: the same
  // per-point lines and slowdowns, then the folder; -q keeps only the folder.
  const std::string c = (kTmp / "c.json").string();
  const auto quiet_run = bcssim("run " + c + " -q --progress never --out " + (kTmp / "cq").string());
  REQUIRE(quiet_run.code == 0);
  for (int i = 0; i < 4; ++i)
    REQUIRE(bcssim("run " + c + " -q --point " + std::to_string(i) + " --out " +
                   (kTmp / "split" / "points" / ("000" + std::to_string(i))).string())
                .code == 0);
  const auto merged = run_shell(exe() + " merge " + c + " " + (kTmp / "split").string() + " 2>/dev/null");
  REQUIRE_MESSAGE(merged.code == 0, merged.output);
  const std::string ran = r.output.substr(0, r.output.find("results: "));
  CHECK(ran.find("slowdown of bcs over quadrics") != std::string::npos);
  CHECK(merged.output == ran + "results: " + (kTmp / "split").string() + "/\n");
  const auto merged_q = run_shell(exe() + " merge " + c + " " + (kTmp / "split").string() + " --force -q 2>/dev/null");
  REQUIRE(merged_q.code == 0);
  CHECK(merged_q.output == "results: " + (kTmp / "split").string() + "/\n");

  // A comparison and nothing else: its slowdown's line names no point ("mpi=quadrics" was its baseline's label).
  std::ofstream(kTmp / "p.json") << R"({"name": "p", "kind": "app", "compare": true,
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic", "processes": 2},
    "synthetic": {"pattern": "barrier", "iterations": 10, "granularity": "1ms"}})";
  const auto pair = bcssim("run " + (kTmp / "p.json").string() + " --progress never --out " + (kTmp / "p").string());
  REQUIRE_MESSAGE(pair.code == 0, pair.output);
  CHECK(pair.output.find("\nslowdown of bcs over quadrics: +") != std::string::npos);
  CHECK(pair.output.find("over quadrics, ") == std::string::npos);

  // 21 points: the first 20 in the headline, "(and 1 more point: ...)".
  std::ofstream(kTmp / "m.json") << R"({"name": "m", "kind": "microbench", "microbench": {"paths": ["elan-elan"],
    "sizes": ["0B"], "bidirectional": false, "distance": false}, "sweep": {"seed": [)" +
                                        [] {
                                          std::string s = "1";
                                          for (int i = 2; i <= 21; ++i)
                                            s += "," + std::to_string(i);
                                          return s;
                                        }() +
                                        "]}}";
  const auto many = bcssim("run " + (kTmp / "m.json").string() + " --progress never --out " + (kTmp / "m").string());
  REQUIRE_MESSAGE(many.code == 0, many.output);
  CHECK(many.output.find("(and 1 more point: see points.csv and runs.csv)") != std::string::npos);
  CHECK(many.output.find("peak bandwidth") == std::string::npos); // only empty messages: no bandwidth, not "0"
  fs::remove_all(kTmp);
}

TEST_CASE("headline of a study names points that were one run (equal digests) and what made no difference")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // app.processes = 0 means every PE: 4 on 2 Crescendo nodes, the sweep's third point (hostile pass of
  // 2026-12-07, finding 12: the study ran it twice without a word).
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "app", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic"},
    "synthetic": {"pattern": "barrier", "iterations": 10, "granularity": "1ms"},
    "sweep": {"app.processes": [0, 2, 4]}})";
  const auto r = bcssim("run " + (kTmp / "s.json").string() + " --progress never --out " + (kTmp / "a").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const auto digest = [&](int point) {
    const std::string s = slurp(kTmp / "a" / "summary.json");
    const std::string key = "\"point\": " + std::to_string(point);
    const std::size_t at = s.rfind("\"digest\": \"", s.find(key));
    return s.substr(at + 11, 16);
  };
  REQUIRE(digest(0) == digest(2));
  CHECK(digest(0) != digest(1));
  CHECK(r.output.find("same run: points #0 (app.processes=0), #2 (app.processes=4) have one digest (" + digest(0) +
                      "): app.processes changed nothing the model did there\n") != std::string::npos);
  CHECK(r.output.find("#1 (app.processes=2)") == std::string::npos);
  // merge ends with the same lines.
  const auto m = bcssim("merge " + (kTmp / "s.json").string() + " " + (kTmp / "a").string() + " --force");
  REQUIRE_MESSAGE(m.code == 0, m.output);
  CHECK(m.output.find("same run: points #0") != std::string::npos);

  // Every point its own run: no such line.
  std::ofstream(kTmp / "t.json") << R"({"name": "t", "kind": "app", "mpi": "quadrics",
    "platform": {"preset": "crescendo", "nodes": 2}, "app": {"name": "synthetic"},
    "synthetic": {"pattern": "barrier", "iterations": 10, "granularity": "1ms"},
    "sweep": {"app.processes": [2, 4]}})";
  const auto t = bcssim("run " + (kTmp / "t.json").string() + " --progress never --out " + (kTmp / "t").string());
  REQUIRE_MESSAGE(t.code == 0, t.output);
  CHECK(t.output.find("same run") == std::string::npos);
  fs::remove_all(kTmp);
}
