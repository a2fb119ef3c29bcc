// The hostile pass of 2026-12-06, its last findings: a value is what it means, however it is written (16.0 and 1e9
// are integers; "1ms" and "1000us" one sweep point); a workload's replay job takes its trace's ranks as a replay
// scenario does; a deadlock inside a time-shared workload says when the ranks blocked, not when the run gave up;
// `sweep --emit-jobs` prints no command that would refuse to run; CLI11's refusals are said in bcssim's words.
#include "cli_harness.hpp"

using namespace e2e;

namespace {

const fs::path kHere = kTmp / "written-apart";

// A 2-rank trace in a file of its own.
fs::path trace(const std::string& name, const std::string& text)
{
  fs::create_directories(kHere);
  const fs::path file = kHere / name;
  std::ofstream(file) << text;
  return file;
}

fs::path workload(const std::string& name, const fs::path& trace_file, const std::string& job)
{
  const fs::path file = kHere / (name + ".json");
  std::ofstream(file) << R"({"name": ")" << name << R"(", "kind": "workload", "platform": {"preset": "crescendo"},
    "replay": {"trace": ")"
                      << trace_file.string() << R"("}, "workload": {"jobs": [)" << job << "]}}";
  return file;
}

} // namespace

TEST_CASE("integers written as 16.0 or 1e1 are integers; a fraction is not")
{
  fs::remove_all(kHere);
  const fs::path out = kHere / "ints";
  const auto r = bcssim("run " + kDefault +
                        " --set app.processes=4.0 --set 'sweep.synthetic.iterations=[1e1,20.0]' "
                        "-q --out " +
                        out.string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const auto summary = nlohmann::json::parse(slurp(out / "points" / "0000" / "summary.json"));
  CHECK(summary["scenario"]["app"]["processes"] == 4);
  CHECK(summary["scenario"]["app"]["processes"].is_number_integer());  // echoed as the integer it is
  CHECK(slurp(out / "runs.csv").find("\n0,10,") != std::string::npos); // the point labelled 10, not 10.0
  const auto half = bcssim("validate " + kDefault + " --set app.processes=16.5");
  CHECK(half.code == 2);
  CHECK(half.output.find("app.processes = 16.5: expected an integer in [0, ") != std::string::npos);
  fs::remove_all(kHere);
}

TEST_CASE("one value written two ways in a sweep list is refused as the same run")
{
  const auto slice = bcssim("validate " + kDefault +
                            " --set kind=app --set mpi=bcs "
                            "--set 'sweep.bcs.runtime.slice=[\"1ms\",\"500us\",\"1000us\"]'");
  CHECK(slice.code == 2);
  CHECK(slice.output.find("sweep.bcs.runtime.slice[2] = \"1000us\": expected a value the list does not hold already "
                          "(sweep.bcs.runtime.slice[0] = \"1ms\")") != std::string::npos);
  const auto count = bcssim("validate " + kDefault + " --set 'sweep.app.processes=[4,4.0]'");
  CHECK(count.code == 2);
  CHECK(count.output.find("sweep.app.processes[1] = 4.0: expected a value the list does not hold already "
                          "(sweep.app.processes[0] = 4)") != std::string::npos);
}

TEST_CASE("a workload's replay job takes its trace's ranks; a deadlock says since when the ranks are blocked")
{
  fs::remove_all(kHere);
  const fs::path ok = trace("ok.txt", "0 init\n1 init\n0 send 1 0 1000\n1 recv 0 0 1000\n0 finalize\n1 finalize\n");
  const auto r = bcssim("run " + workload("replay-job", ok, R"({"app": {"name": "replay"}})").string() + " -q --out " +
                        (kHere / "o").string());
  REQUIRE_MESSAGE(r.code == 0, r.output); // was: app.processes = 0: expected 2, the rank count of the trace
  CHECK(slurp(kHere / "o" / "jobs.csv").find("\n0,replay,2,") != std::string::npos);

  // Wildcards leave the deadlock to run time. Gang scheduling strobes on for 1000 quanta of 50 ms before it gives
  // up: the report says when the ranks blocked (t = 0) and when the run ended, in units for people.
  const fs::path stuck = trace("stuck.txt", "0 init\n1 init\n0 recv -1 0 100\n1 recv -1 0 100\n0 send 1 0 100\n"
                                            "1 send 0 0 100\n0 finalize\n1 finalize\n");
  const auto d = bcssim("run " + workload("stuck-job", stuck, R"({"app": {"name": "replay"}})").string() +
                        " --set scheduler.algorithm=gs --out " + (kHere / "d").string());
  CHECK(d.code == 3);
  CHECK(d.output.find("job 0 ('replay') deadlocked: since t = 0.000 us (the run ended at t = 50.050 s), 2 of 2 "
                      "ranks are blocked and nothing can progress:\nrank 0 (node 0): MPI_Recv(source=-1, tag=0)") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kHere / "d"));
  fs::remove_all(kHere);
}

TEST_CASE("sweep --emit-jobs into a folder holding results prints nothing that would fail, unless --force")
{
  fs::remove_all(kHere);
  const fs::path merged = kHere / "merged", points = kHere / "points-only";
  const std::string study = kDefault + " --set 'sweep.synthetic.iterations=[10,20]'";
  REQUIRE(bcssim("run " + study + " -q --out " + merged.string()).code == 0);
  REQUIRE(bcssim("run " + study + " --point 1 -q --out " + (points / "points" / "0001").string()).code == 0);

  const auto into_merged = bcssim("sweep --emit-jobs " + study + " --out " + merged.string());
  CHECK(into_merged.code == 2);
  CHECK(into_merged.output.find("--out = " + merged.string() +
                                ": expected a new folder; this one holds the results "
                                "of an earlier run: pass --force") != std::string::npos);
  CHECK(into_merged.output.find(" run ") == std::string::npos); // no command printed
  const auto into_points = bcssim("sweep --emit-jobs " + study + " --out " + points.string());
  CHECK(into_points.code == 2);
  CHECK(into_points.output.find(points.string() + "/points/0001 holds point 1's from an earlier run") !=
        std::string::npos);
  const auto forced = bcssim("sweep --emit-jobs " + study + " --out " + merged.string() + " --force");
  CHECK(forced.code == 0);
  CHECK(forced.output.find("--force --point 0 --out") != std::string::npos);
  fs::remove_all(kHere);
}

TEST_CASE("what CLI11 refuses is said in bcssim's words, naming the command, exit 2")
{
  const std::map<std::string, std::string> said = {
      {"run", "error: bcssim run: missing the scenario argument (bcssim run --help)"},
      {"run " + kDefault + " --out", "error: bcssim run: --out needs a value (bcssim run --help)"},
      {"run " + kDefault + " --jobs x", "error: bcssim run: --jobs = x: expected an integer in [1, 4096]"},
      {"run " + kDefault + " --out a --out b", "error: bcssim run: --out given 2 times: give it once"},
      {"sweep --emit-jobs " + kDefault + " --format slrum",
       "error: bcssim sweep: --format = slrum: expected one of: commands, slurm (did you mean 'slurm'?)"},
      {"params extra", "error: bcssim params: unexpected argument extra: this command takes no more"},
      {"workload", "error: bcssim workload: a subcommand is required: generate, stats (bcssim workload --help)"},
  };
  for (const auto& entry : said) {
    const std::string& args = entry.first; // (clang: a structured binding cannot be captured)
    const std::string& text = entry.second;
    CAPTURE(args);
    const auto r = bcssim(args);
    CHECK(r.code == 2);
    CHECK(r.output.find(text) != std::string::npos);
    CHECK(r.output.find("Run with --help") == std::string::npos);
  }
  const fs::path bad = trace("bad.json", R"({"name": "x",})");
  const auto json = bcssim("validate " + bad.string());
  CHECK(json.code == 2);
  CHECK(json.output.find("expected valid JSON; parse error at line 1, column 14: syntax error while parsing object "
                         "key") != std::string::npos);
  CHECK(json.output.find("[json.exception") == std::string::npos);
  fs::remove_all(kHere);
}
