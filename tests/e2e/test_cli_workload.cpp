// Workloads (kind "workload"): several jobs on one machine under a scheduling algorithm, from the CLI.
#include "cli_harness.hpp"

#include <cmath>

using namespace e2e;

TEST_CASE("FCFS: a job alone runs as kind 'app' does, the next ones start at the Machine Manager's first tick after")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/fcfs-example.json";
  const auto r = bcssim("run " + scenario + " --out " + (kTmp / "w").string());
  REQUIRE(r.code == 0);
  const auto jobs = read_csv(kTmp / "w" / "jobs.csv");
  REQUIRE(jobs.size() == 3);
  const double end0 = std::stod(jobs[0].at("end_s"));
  CHECK(std::stod(jobs[0].at("start_s")) == 0);
  // Jobs 1 and 2 (submitted at 10 and 20 ms) wait for job 0's four PEs, then start together at the first 25 ms
  // tick after it ended, on node 0 and node 1.
  const double tick = std::ceil(end0 / 0.025) * 0.025;
  CHECK(std::stod(jobs[1].at("start_s")) == doctest::Approx(tick).epsilon(1e-12));
  CHECK(std::stod(jobs[2].at("start_s")) == doctest::Approx(tick).epsilon(1e-12));
  CHECK(slurp(kTmp / "w" / "gantt.csv").find("2,1,0,2,") != std::string::npos); // job 2 on node 1 PE 0
  CHECK(fs::exists(kTmp / "w" / "gantt.svg"));
  CHECK(slurp(kTmp / "w" / "runs.csv").rfind("algorithm,job,app,", 0) == 0);

  // Job 0 on a dedicated machine: the same run as kind "app" (a batch job shares nothing).
  std::ofstream(kTmp / "alone.json") << R"({"kind": "app", "mpi": "quadrics",
    "platform": {"preset": "accelerando", "nodes": 2}, "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "exchange", "granularity": "3ms", "iterations": 100}})";
  REQUIRE(bcssim("run " + (kTmp / "alone.json").string() + " --out " + (kTmp / "a").string()).code == 0);
  const auto summary = nlohmann::json::parse(slurp(kTmp / "a" / "summary.json"));
  CHECK(end0 == doctest::Approx(summary["app"]["time_ns"].get<double>() * 1e-9).epsilon(1e-9));

  const auto w = nlohmann::json::parse(slurp(kTmp / "w" / "summary.json"))["workload"];
  CHECK(w["turnaround_s"].get<double>() == doctest::Approx(std::stod(jobs[2].at("end_s"))).epsilon(1e-12));
  fs::remove_all(kTmp);
}

TEST_CASE("a workload's bad jobs are exit 2 naming workload.jobs[i] and what is allowed, nothing written")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "w.json") << R"({"kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
    "workload": {"jobs": [{"app": {"name": "synthetic", "processes": 2}},
                          {"app": {"name": "synthetic", "processes": 8}}]}})";
  const std::string run = "run " + (kTmp / "w.json").string() + " --out " + (kTmp / "out").string();
  auto r = bcssim(run);
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[1].app.processes = 8: expected at most platform.nodes x "
                      "platform.pes_per_node = 2 x 2 = 4") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"submit": "-1s"}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].submit = \"-1s\": expected a time of at least 0 s") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"sumbit": "1s"}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].sumbit = \"1s\": expected no such key in a job (did you mean 'submit'?); "
                      "allowed: app, estimate, job, pes, priority,") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"synthetic": {"granularity": "-3ms"}}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].synthetic.granularity = \"-3ms\"") != std::string::npos);
  CHECK(bcssim(run + " --set 'workload.jobs=[]'").code == 2);
  CHECK(bcssim(run + " --set 'workload.jobs=[3]'").code == 2);
  r = bcssim(run + " --set scheduler.algorithm=unknown");
  CHECK(r.code == 2);
  CHECK(r.output.find("scheduler.algorithm = \"unknown\": expected one of: fcfs") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));
  fs::remove_all(kTmp);
}

TEST_CASE("gang scheduling: two identical jobs alternate at quantum boundaries, each getting every other quantum")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/gs-example.json";
  REQUIRE(bcssim("run " + scenario + " --out " + (kTmp / "gs").string()).code == 0);
  REQUIRE(bcssim("run " + scenario + " --set scheduler.algorithm=fcfs --out " + (kTmp / "fcfs").string()).code == 0);
  const auto gs = read_csv(kTmp / "gs" / "jobs.csv");
  const auto batch = read_csv(kTmp / "fcfs" / "jobs.csv");
  const double alone = std::stod(batch[0].at("run_s")); // the job on dedicated PEs
  const double q = 0.025;
  const double whole = std::floor(alone / q); // quanta it fills
  // Job 0 runs in quanta 0, 2, 4, ...: its last piece in quantum 2 x whole, a global switch's multicast (a few
  // microseconds) after the tick. Job 1, in the odd quanta, ends exactly one quantum later.
  const double end0 = std::stod(gs[0].at("end_s"));
  CHECK(end0 - (2 * whole * q + (alone - whole * q)) > 0);
  CHECK(end0 - (2 * whole * q + (alone - whole * q)) < 10e-6);
  CHECK(std::stod(gs[1].at("end_s")) - end0 == doctest::Approx(q).epsilon(1e-9));
  // The chart shows the alternation: on node 0 PE 0, job 0 holds [t, t + q) and job 1 the quantum after.
  const auto boxes = read_csv(kTmp / "gs" / "gantt.csv");
  REQUIRE(boxes.size() > 4);
  CHECK(boxes[0].at("job") == "0");
  CHECK(boxes[1].at("job") == "1");
  CHECK(std::stod(boxes[0].at("to_s")) - std::stod(boxes[0].at("from_s")) == doctest::Approx(q).epsilon(1e-9));
  CHECK(std::stod(boxes[1].at("from_s")) == doctest::Approx(std::stod(boxes[0].at("to_s"))).epsilon(1e-12));

  auto r = bcssim("validate " + scenario + " --set mpi=bcs");
  CHECK(r.code == 2);
  CHECK(r.output.find("scheduler.algorithm = \"gs\": expected one that runs on mpi = bcs (fcfs, bcs, pbcs); gs runs "
                      "on mpi = quadrics") != std::string::npos);
  r = bcssim("validate " + scenario + " --set scheduler.mpl=0");
  CHECK(r.code == 2);
  CHECK(r.output.find("scheduler.mpl = 0: expected an integer in [1, 64]") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("the coschedulers' bad input is exit 2 naming the JSON path: a quantum below a slice, overlapping PEs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "w.json") << R"({"kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
    "scheduler": {"algorithm": "bcs", "quantum": "25ms", "mpl": 2}, "mpi": "bcs",
    "workload": {"jobs": [{"app": {"name": "synthetic", "processes": 2}, "pes": [2, 3]},
                          {"app": {"name": "synthetic", "processes": 2}, "pes": [3, 2]},
                          {"app": {"name": "synthetic", "processes": 2}}]}})";
  const std::string run = "run " + (kTmp / "w.json").string() + " --out " + (kTmp / "out").string();
  auto r = bcssim(run + " --set scheduler.quantum=100us");
  CHECK(r.code == 2);
  CHECK(r.output.find("scheduler.quantum = \"100us\": expected at least one BCS-MPI slice (bcs.runtime.slice = "
                      "\"500us\")") != std::string::npos);
  r = bcssim(run + " --set scheduler.mpl=1");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[1].pes = [3,2]: expected PEs that at most scheduler.mpl = 1 jobs name: PE 3 "
                      "is named by more") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"app": {"processes": 2}, "pes": [0, 4]}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].pes = [0,4]: expected PE numbers in [0, 3]") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"app": {"processes": 2}, "pes": [1, 1]}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("expected distinct PEs") != std::string::npos);
  r = bcssim(run + R"( --set 'workload.jobs=[{"app": {"processes": 3}, "pes": [1, 2]}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].pes = [1,2]: expected one PE per process: 3 of them") != std::string::npos);
  r = bcssim(run + " --set mpi=quadrics");
  CHECK(r.code == 2);
  CHECK(r.output.find("scheduler.algorithm = \"bcs\": expected one that runs on mpi = quadrics (fcfs, gs, sb, fcs)") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));
  // FCFS runs overlapping placements one after another: valid at MPL 1.
  CHECK(bcssim("validate " + (kTmp / "w.json").string() + " --set scheduler.algorithm=fcfs").code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("a study over the algorithms: the jobs under each, with the MPI each runs on, in one table")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "s.json") << R"({"kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
    "bcs": {"runtime": {"slice": "250us"}}, "scheduler": {"quantum": "25ms", "mpl": 2},
    "workload": {"jobs": [{"app": {"name": "synthetic", "processes": 4},
                           "synthetic": {"pattern": "ring", "granularity": "3ms", "iterations": 20}},
                          {"app": {"name": "synthetic", "processes": 4},
                           "synthetic": {"pattern": "ring", "granularity": "3ms", "iterations": 20}}]},
    "sweep": {"scheduler.algorithm + mpi": [["fcfs", "quadrics"], ["gs", "quadrics"], ["sb", "quadrics"],
                                             ["fcs", "quadrics"], ["bcs", "bcs"], ["pbcs", "bcs"]]}})";
  REQUIRE(bcssim("run " + (kTmp / "s.json").string() + " --out " + (kTmp / "s").string()).code == 0);
  const auto rows = read_csv(kTmp / "s" / "algorithms.csv");
  REQUIRE(rows.size() == 6);
  const char* algorithms[] = {"fcfs", "gs", "sb", "fcs", "bcs", "pbcs"};
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(rows[i].at("algorithm") == algorithms[i]);
    CHECK(rows[i].at("mpi") == (i < 4 ? "quadrics" : "bcs"));
  }
  // Batch: the second job starts after the first; time sharing overlaps them (their ends are close).
  const double fcfs0 = std::stod(rows[0].at("job0_end_s")), fcfs1 = std::stod(rows[0].at("job1_end_s"));
  CHECK(fcfs1 > 1.9 * fcfs0);
  for (std::size_t i = 1; i < 6; ++i)
    CHECK(std::abs(std::stod(rows[i].at("job0_end_s")) - std::stod(rows[i].at("job1_end_s"))) <
          0.2 * std::stod(rows[i].at("turnaround_s")));
  CHECK(fs::exists(kTmp / "s" / "algorithms.png"));
  CHECK(fs::exists(kTmp / "s" / "points" / "0003" / "fcs_classes.csv"));
  fs::remove_all(kTmp);
}

TEST_CASE("the thesis's load-imbalanced workload study reproduces its golden digest and its committed results")
{
  fs::remove_all(kTmp);
  const std::string name = "imbalanced";
  const auto r = bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/" + name +
                        ".json --jobs 2 --out " + (kTmp / name).string());
  REQUIRE(r.code == 0);
  check_golden_digest("scheduling/" + name + ".json", kTmp / name);
  const fs::path committed = fs::path(BCSSIM_SOURCE_DIR) / "results" / "scheduling" / name;
  for (const char* f : {"algorithms.csv", "runs.csv", "points.csv", "summary.json"}) {
    CAPTURE(f);
    CHECK(slurp(kTmp / name / f) == slurp(committed / f));
  }
  // FCS finds the classes §6.3.2.2 reports: job 0's processes DC, DC, F, F and job 1's F, F, DC, DC.
  const auto classes = read_csv(kTmp / name / "points" / "0006" / "fcs_classes.csv");
  std::map<std::pair<std::string, std::string>, std::string> last;
  for (const auto& row : classes)
    last[{row.at("job"), row.at("rank")}] = row.at("class");
  const char* want[2][4] = {{"DC", "DC", "F", "F"}, {"F", "F", "DC", "DC"}};
  for (int job = 0; job < 2; ++job)
    for (int rank = 0; rank < 4; ++rank) {
      CAPTURE(job);
      CAPTURE(rank);
      CHECK(last[{std::to_string(job), std::to_string(rank)}] == want[job][rank]);
    }
  fs::remove_all(kTmp);
}

TEST_CASE("decisions follow submit times and job numbers, not the order of the list: reversing it changes nothing")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string a = R"({"app": {"name": "synthetic", "processes": 4}, "submit": "30ms",
                            "synthetic": {"pattern": "ring", "granularity": "3ms", "iterations": 40}})";
  const std::string b = R"({"app": {"name": "synthetic", "processes": 4}, "submit": "0s",
                            "synthetic": {"pattern": "ring", "granularity": "2ms", "iterations": 30}})";
  for (const char* algorithm : {"fcfs", "gs", "sb"}) {
    CAPTURE(algorithm);
    for (const auto& [name, jobs] : {std::pair<std::string, std::string>{"ab", a + ", " + b}, {"ba", b + ", " + a}})
      std::ofstream(kTmp / (name + ".json"))
          << R"({"kind": "workload", "platform": {"preset": "accelerando", "nodes": 2},
        "scheduler": {"quantum": "25ms", "mpl": 2}, "workload": {"jobs": [)" +
                 jobs + "]}}";
    const std::string set = std::string(" --set scheduler.algorithm=") + algorithm;
    REQUIRE(bcssim("run " + (kTmp / "ab.json").string() + set + " --out " + (kTmp / "ab").string()).code == 0);
    REQUIRE(bcssim("run " + (kTmp / "ba.json").string() + set + " --out " + (kTmp / "ba").string()).code == 0);
    const auto ab = read_csv(kTmp / "ab" / "jobs.csv"), ba = read_csv(kTmp / "ba" / "jobs.csv");
    REQUIRE(ab.size() == 2);
    REQUIRE(ba.size() == 2);
    for (const char* column : {"start_s", "end_s"}) { // job a is job 0 in "ab" and job 1 in "ba"
      CAPTURE(column);
      CHECK(ab[0].at(column) == ba[1].at(column));
      CHECK(ab[1].at(column) == ba[0].at(column));
    }
    fs::remove_all(kTmp / "ab");
    fs::remove_all(kTmp / "ba");
  }
  fs::remove_all(kTmp);
}

namespace {
// A workload scenario on 4 Accelerando nodes (8 PEs) reading `swf`.
std::string swf_scenario(const fs::path& swf, const std::string& more = "")
{
  const fs::path file = kTmp / "swf.json";
  std::ofstream(file) << R"({"name": "swf", "kind": "workload", "platform": {"preset": "accelerando", "nodes": 4},
    "scheduler": {"algorithm": "fcfs", "quantum": "25ms"},
    "workload": {"swf": ")"
                      << swf.string() << R"(", "time_scale": 100)" << more << "}}";
  return file.string();
}
} // namespace

TEST_CASE("workload.swf: a generated workload runs as SWF jobs; same seed, same file and the same digest")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const auto gen = bcssim("workload generate --jobs 12 --procs 8 --seed 3 --out " + (kTmp / "w.swf").string());
  REQUIRE_MESSAGE(gen.code == 0, gen.output);
  const auto again = bcssim("workload generate --jobs 12 --procs 8 --seed 3");
  CHECK(again.output == slurp(kTmp / "w.swf"));
  CHECK(bcssim("workload generate --jobs 12 --procs 8 --seed 3 --out " + (kTmp / "w.swf").string()).code == 2);
  const auto stats = bcssim("workload stats " + (kTmp / "w.swf").string());
  CHECK(stats.code == 0);
  CHECK(stats.output.find("12 jobs") != std::string::npos);

  const std::string scenario = swf_scenario(kTmp / "w.swf");
  const auto r = bcssim("run " + scenario + " --out " + (kTmp / "a").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const auto rows = read_csv(kTmp / "a" / "jobs.csv");
  REQUIRE(rows.size() == 12);
  // Each job's submit time is its record's / 100; alone on its PEs under FCFS it runs about its record's run time
  // / 100 (its computation exactly, plus its ring messages).
  std::istringstream swf(slurp(kTmp / "w.swf"));
  std::string line;
  std::size_t i = 0;
  while (std::getline(swf, line)) {
    if (line.empty() || line[0] == ';')
      continue;
    std::istringstream f(line);
    double number = 0, submit = 0, wait = 0, run = 0, procs = 0;
    f >> number >> submit >> wait >> run >> procs;
    CAPTURE(i);
    CHECK(std::stod(rows[i].at("submit_s")) == doctest::Approx(submit / 100).epsilon(1e-9));
    CHECK(std::stod(rows[i].at("processes")) == procs);
    CHECK(std::stod(rows[i].at("run_s")) >= run / 100);
    CHECK(std::stod(rows[i].at("run_s")) <= run / 100 * 1.05 + 0.002);
    ++i;
  }
  const auto r2 = bcssim("run " + scenario + " --out " + (kTmp / "b").string());
  CHECK(slurp(kTmp / "a" / "digest") == slurp(kTmp / "b" / "digest"));

  // A study of one job: the long half of its response CDF has no job, which gnuplot cannot autoscale (it refused
  // the plot, exit 1); and the headline counts it in the singular.
  const auto one = bcssim("run " + scenario +
                          " --set workload.swf_jobs=1 --set 'sweep.scheduler.algorithm=[\"fcfs\","
                          "\"gs\"]' --out " +
                          (kTmp / "one").string());
  REQUIRE_MESSAGE(one.code == 0, one.output);
  CHECK(one.output.find("1 job under fcfs") != std::string::npos);
  CHECK(fs::file_size(kTmp / "one" / "response_cdf.png") > 1000);
  fs::remove_all(kTmp);
}

TEST_CASE("workload.swf: a bad record is exit 2 naming the file, line and field; nothing is written")
{
  const std::string ok = "1 0 -1 100 4 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"; a header\n" + ok + "2 10 -1 100 16 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n",
       "w.swf:3: field 5 (allocated processors) = 16: expected 1 to the machine's 8 PEs"},
      {ok + "2 10 -1 0 2 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n", "w.swf:2: field 4 (run time) = 0"},
      {ok + "2 10 -1 50 2 -1 -1 -1 40 -1 1 -1 -1 -1 0 -1 -1 -1\n",
       "w.swf:2: field 9 (requested time) = 40: expected an estimate of at least the run time, 50 s"},
      {ok + "2 10 -1 50 two -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n",
       "w.swf:2: field 5 (allocated processors) = two: expected a whole number"},
      {ok + "2 10 -1 50 2 -1\n", "w.swf:2: field 7 (used memory) = (missing)"},
      {"; only a header\n", "workload.swf = "},
      // Past what the synthetic application or the tick clock can hold (not an internal key's error).
      {ok + "2 10 -1 1000000000000000 2 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n",
       "w.swf:2: field 4 (run time) = 1000000000000000: expected a run time the synthetic application can compute"},
      {ok + "2 1000000000000000 -1 50 2 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n",
       "w.swf:2: field 2 (submit time) = 1000000000000000: expected a submit time of at most 1e+09 s"},
      // A NUL byte (issue 67 item 7): shown as \x00, and the message goes on past it.
      {ok + std::string("2 10 -1 50 2\0x -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n", 52),
       "w.swf:2: field 5 (allocated processors) = 2\\x00x: expected a whole number of at most 9e15, -1 if unknown"},
  };
  for (const auto& entry : cases) {
    const auto& text = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& message = std::get<1>(entry);
    CAPTURE(message);
    fs::remove_all(kTmp);
    fs::create_directories(kTmp);
    std::ofstream(kTmp / "w.swf") << text;
    const auto r = bcssim("run " + swf_scenario(kTmp / "w.swf") + " --out " + (kTmp / "out").string());
    CHECK(r.code == 2);
    CHECK(r.output.find(message) != std::string::npos);
    CHECK_FALSE(fs::exists(kTmp / "out"));
  }
  // Skipped instead, and counted.
  std::ofstream(kTmp / "w.swf") << ok << "2 10 -1 0 2 -1 -1 -1 -1 -1 5 -1 -1 -1 0 -1 -1 -1\n";
  const auto r =
      bcssim("run " + swf_scenario(kTmp / "w.swf", R"(, "swf_invalid": "skip")") + " --out " + (kTmp / "out").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  CHECK(slurp(kTmp / "out" / "summary.json").find("\"swf_records_skipped\": 1") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("EASY backfilling on a hand-made SWF trace: a short job starts early, the first waiting job is not delayed")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // 8 PEs; times are / 100: A 4 PEs 1 s; B all 8 PEs (waits for A); C 2 PEs 0.5 s (ends before A: moves ahead);
  // D 2 PEs 2 s (would delay B: waits). Estimates = run times.
  std::ofstream(kTmp / "easy.swf") << "1 0 -1 100 4 -1 -1 -1 100 -1 1 -1 -1 -1 1 -1 -1 -1\n"
                                      "2 0 -1 100 8 -1 -1 -1 100 -1 1 -1 -1 -1 1 -1 -1 -1\n"
                                      "3 0 -1 50 2 -1 -1 -1 50 -1 1 -1 -1 -1 1 -1 -1 -1\n"
                                      "4 0 -1 200 2 -1 -1 -1 200 -1 1 -1 -1 -1 1 -1 -1 -1\n";
  std::map<std::string, std::vector<std::map<std::string, std::string>>> runs;
  for (const char* queue : {"none", "easy"}) {
    const auto r = bcssim("run " + swf_scenario(kTmp / "easy.swf") + " --set scheduler.backfill=" + queue + " --out " +
                          (kTmp / queue).string());
    REQUIRE_MESSAGE(r.code == 0, r.output);
    runs[queue] = read_csv(kTmp / queue / "jobs.csv");
  }
  const auto start = [&](const char* q, int job) { return std::stod(runs[q].at(std::size_t(job)).at("start_s")); };
  const auto end = [&](const char* q, int job) { return std::stod(runs[q].at(std::size_t(job)).at("end_s")); };
  CHECK(start("easy", 0) == 0);
  CHECK(start("easy", 2) == 0);                // C moved ahead of B
  CHECK(start("easy", 1) == start("none", 1)); // and B starts exactly when it would have without backfilling
  CHECK(start("easy", 1) > end("easy", 0));    // at the Machine Manager's first tick after A ended
  CHECK(start("easy", 1) <= end("easy", 0) + 0.025);
  CHECK(start("easy", 3) >= end("easy", 1)); // D waited behind B
  CHECK(start("none", 2) >= end("none", 1)); // without backfilling C waited behind B
  fs::remove_all(kTmp);
}

TEST_CASE("a study of a dynamic workload: its figures per point in algorithms.csv, plotted against the MPL")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  REQUIRE(bcssim("workload generate --jobs 10 --procs 8 --seed 4 --out " + (kTmp / "w.swf").string()).code == 0);
  const auto r = bcssim("run " + swf_scenario(kTmp / "w.swf") +
                        " --set scheduler.algorithm=gs --set 'sweep.scheduler.mpl=[1,2]' "
                        "--set 'sweep.scheduler.backfill=[\"none\",\"easy\"]' --out " +
                        (kTmp / "s").string());
  REQUIRE_MESSAGE(r.code == 0, r.output);
  const std::string csv = slurp(kTmp / "s" / "algorithms.csv");
  CHECK(csv.find(",mean_bounded_slowdown,median_bounded_slowdown,") != std::string::npos);
  CHECK(csv.find(",offered_load,most_jobs_in_system,least_jobs_in_system_late,most_jobs_waiting,"
                 "queue_empty_late_s,queue_empty_late_fraction,saturated\n") != std::string::npos);
  // Each line of the plots gets its saturation point (§6.4.4), consistent with the points' rows.
  const auto rows = read_csv(kTmp / "s" / "algorithms.csv");
  const auto summary = nlohmann::json::parse(slurp(kTmp / "s" / "summary.json"));
  REQUIRE(summary.at("saturation").size() == 2);
  for (const auto& line : summary.at("saturation")) {
    CHECK(line.at("x") == "scheduler.mpl");
    const std::string backfill = line.at("series").get<std::string>().substr(std::string("gs backfill=").size());
    std::vector<double> saturated;
    for (const auto& row : rows)
      if (row.at("scheduler.backfill") == backfill && row.at("saturated") == "yes")
        saturated.push_back(std::stod(row.at("scheduler.mpl")));
    CHECK(line.at("saturated_at").get<std::vector<double>>() == saturated);
  }
  // A row is saturated exactly when its queue was empty for no printed time.
  for (const auto& row : rows)
    CHECK((row.at("saturated") == "yes") == (row.at("queue_empty_late_s") == "0.000000"));
  // Saturated points are circled in dynamic.png, and only they.
  const bool any = csv.find(",yes\n") != std::string::npos;
  CHECK((slurp(kTmp / "s" / "dynamic.gp").find("title 'saturated") != std::string::npos) == any);
  for (const char* f :
       {"dynamic.png", "dynamic_boxes.png", "points/0000/jobs_in_system.png", "points/0000/response_cdf.png"})
    CHECK_MESSAGE(fs::exists(kTmp / "s" / f), f);
  // The MPL (numbers) is the x axis; the backfilling policy makes the series.
  const std::string dat = slurp(kTmp / "s" / "dynamic.dat");
  CHECK(dat.find("# gs backfill=none\n1 \"1\" ") != std::string::npos);
  CHECK(dat.find("# gs backfill=easy\n1 \"1\" ") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("launch.model = storm: a job's binary goes to its nodes first, its processes then fork, then it runs")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/fcfs-example.json";
  REQUIRE(bcssim("run " + scenario + " --out " + (kTmp / "none").string()).code == 0);
  const auto r = bcssim("run " + scenario + " --set launch.model=storm --out " + (kTmp / "storm").string());
  REQUIRE(r.code == 0);
  const auto none = read_csv(kTmp / "none" / "jobs.csv");
  const auto storm = read_csv(kTmp / "storm" / "jobs.csv");
  REQUIRE(storm.size() == 3);
  CHECK(none.at(0).count("launch_s") == 0); // the column exists only when jobs are launched
  auto at = [](const std::map<std::string, std::string>& row, const char* column) { return std::stod(row.at(column)); };
  // Job 0 (nodes 0 and 1): 12 MB to node 1 through the pipeline, noted at a 25 ms tick, then the command.
  const double launch0 = at(storm[0], "launch_s");
  CHECK(launch0 > 0.075);
  CHECK(std::fmod(launch0, 0.025) < 1e-5);
  // Job 1 runs on node 0 alone, where the binary is: only the launch command.
  CHECK(at(storm[1], "launch_s") < 10e-6);
  // Job 2 on node 1 has its binary sent like job 0's.
  CHECK(at(storm[2], "launch_s") > 0.075);
  // Job 0 alone on the machine: once launched it runs as before, plus its processes' fork and exec (10 ms).
  const double run_after_launch = at(storm[0], "end_s") - at(storm[0], "start_s") - launch0;
  CHECK(run_after_launch - at(none[0], "run_s") == doctest::Approx(0.010).epsilon(1e-4));
  fs::remove_all(kTmp);
}

TEST_CASE("a context switch that takes time never leaves a Node Manager asleep past its next deadline")
{
  // Spin-block on SAGE with a 1 us switch: a switch's sleep carried the Node Manager past the spin deadline it
  // then waited for, SimGrid's acquire_timeout(0) never returned, and every rank ended 'deadlocked' at t = 75 s.
  const auto r =
      bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/apps-sage.json --point 2" +
             " --set scheduler.context_switch=1us --set sage.cycles=2 --force --out " + (kTmp / "sb-switch").string());
  REQUIRE(r.code == 0);
  const auto summary = nlohmann::json::parse(slurp(kTmp / "sb-switch" / "summary.json"));
  CHECK(summary.at("workload").at("turnaround_s").get<double>() == doctest::Approx(0.4964).epsilon(1e-3));
}

TEST_CASE("merge takes points recorded before a parameter section existed, run as the section's values say")
{
  // Points of a binary without platform.pe.* and job.working_set (issue 46): the cache parameters change nothing
  // while no process has a working set, so any value merges; a working set other than 0 would not have run so.
  const fs::path root(BCSSIM_SOURCE_DIR);
  const fs::path study = kTmp / "older-points";
  fs::remove_all(study);
  fs::create_directories(kTmp);
  fs::copy(root / "results" / "scheduling" / "balanced", study, fs::copy_options::recursive);
  for (const auto& e : fs::directory_iterator(study / "points")) {
    auto summary = nlohmann::json::parse(slurp(e.path() / "summary.json"));
    summary["scenario"]["platform"].erase("pe");
    summary["scenario"]["job"].erase("working_set");
    std::ofstream(e.path() / "summary.json") << summary.dump(2) << "\n";
    drop_data_hashes(e.path()); // such a binary recorded no hashes of its data files either
  }
  const std::string scenario = (root / "scenarios" / "scheduling" / "balanced.json").string();
  CHECK(bcssim("merge " + scenario + " " + study.string() + " --force").code == 0);
  CHECK(bcssim("merge " + scenario + " " + study.string() + " --force --set platform.pe.cache=1MiB").code == 0);
  const auto other = bcssim("merge " + scenario + " " + study.string() + " --force --set job.working_set=1MiB");
  CHECK(other.code == 2);
  CHECK(other.output.find("job.working_set") != std::string::npos);
  fs::remove_all(study);
}

TEST_CASE("memory: footprints that fit change nothing; oversubscribed ones page; a job that cannot fit is refused")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // gs-example: two jobs of 4 processes on 2 Accelerando nodes (2 GiB each), so 4 processes per node.
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/scheduling/gs-example.json";
  auto run = [&](const std::string& name, const std::string& sets) {
    return bcssim("run " + scenario + " " + sets + " --out " + (kTmp / name).string());
  };
  REQUIRE(run("none", "").code == 0);
  REQUIRE(run("fits", "--set job.footprint=500MB").code == 0); // 4 x 500 MB < 2 GiB
  // 4 x 540 MB is 12.5 MB over 2 GiB: at each switch the first incoming process of a node pages that much in and
  // out of the outgoing job's (released first, by key): 25 MB, 12.5 ms of every 25 ms quantum at 2 GB/s, 6.25 at 4.
  REQUIRE(run("pages", "--set job.footprint=540MB --set platform.memory.swap_bandwidth=2GB/s").code == 0);
  REQUIRE(run("faster", "--set job.footprint=540MB --set platform.memory.swap_bandwidth=4GB/s").code == 0);
  auto digest = [&](const std::string& name) {
    std::ifstream in(kTmp / name / "digest");
    std::string d;
    in >> d;
    return d;
  };
  CHECK(digest("fits") == digest("none"));
  CHECK(digest("pages") != digest("none"));
  const auto none = read_csv(kTmp / "none" / "jobs.csv");
  const auto pages = read_csv(kTmp / "pages" / "jobs.csv");
  const auto faster = read_csv(kTmp / "faster" / "jobs.csv");
  for (std::size_t j = 0; j < 2; ++j) {
    const double end = std::stod(none[j].at("end_s"));
    // Half of every quantum paging: the jobs progress at about half speed (the ring's other rank waits for the
    // paging one); a quarter: at about three quarters.
    CHECK(std::stod(pages[j].at("end_s")) > 1.7 * end);
    CHECK(std::stod(pages[j].at("end_s")) < 2.1 * end);
    CHECK(std::stod(faster[j].at("end_s")) > 1.2 * end);
    CHECK(std::stod(faster[j].at("end_s")) < 1.45 * end);
  }
  // At 1 GB/s the 25 MB take the whole quantum: nothing but paging, reported (exit 3), nothing written.
  const auto thrash = run("thrash", "--set job.footprint=540MB --set platform.memory.swap_bandwidth=1GB/s");
  CHECK(thrash.code == 3);
  CHECK(thrash.output.find("thrashing: for 1000 quanta in a row the processes did nothing but page") !=
        std::string::npos);
  CHECK(!fs::exists(kTmp / "thrash"));

  auto r = bcssim("validate " + scenario + " --set job.footprint=1.1GB");
  CHECK(r.code == 2);
  CHECK(r.output.find("job.footprint = 1100MB: expected at most platform.memory.size / 2 = 1GiB per process: 2 "
                      "processes of job 0 share a node") != std::string::npos);
  r = bcssim("validate " + scenario +
             R"( --set 'workload.jobs=[{"app": {"name": "synthetic", "processes": 2}, )"
             R"("job": {"footprint": "1.5GB"}}]')");
  CHECK(r.code == 2);
  CHECK(r.output.find("workload.jobs[0].job.footprint = 1500MB") != std::string::npos);
  // Its own placement, one process per node: it fits.
  CHECK(bcssim("validate " + scenario +
               R"( --set 'workload.jobs=[{"app": {"name": "synthetic", "processes": 2}, "pes": [0, 2], )"
               R"("job": {"footprint": "1.5GB"}}]')")
            .code == 0);
  fs::remove_all(kTmp);
}
