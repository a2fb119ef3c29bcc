// Runs as a user makes them: digests, results, sweeps, verify, noise.
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("run twice: same digest, every result file bit-identical, digest matches scenarios/digests.csv")
{
  fs::remove_all(kTmp);
  // Same folder name (plot titles name it), different places.
  const auto a = bcssim("run " + kDefault + " --events --out " + (kTmp / "a" / "run").string());
  const auto b = bcssim("run " + kDefault + " --events --out " + (kTmp / "b" / "run").string());
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(a.output.find("results: ") != std::string::npos);
  for (const char* f : {"summary.json", "runs.csv", "digest", "events.csv", "microbench.gp", "microbench_sizes.csv",
                        "microbench_distance.csv", "microbench.svg", "provenance.json"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(kTmp / "a" / "run" / f));
    CHECK(slurp(kTmp / "a" / "run" / f) == slurp(kTmp / "b" / "run" / f));
  }
  CHECK(fs::exists(kTmp / "a" / "run" / "run-info.json"));
  check_golden_digest("default.json", kTmp / "a" / "run");
  fs::remove_all(kTmp);
}

TEST_CASE("bad input: exit 2, a message naming path, value and what is allowed, and no results folder")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const auto r = bcssim("run " + kDefault + " --set platform.nodes=5000 --set platform.tree.levels=6 --out " +
                        (kTmp / "bad").string());
  CHECK(r.code == 2);
  CHECK(r.output.find("platform.nodes = 5000: expected at most 4096") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  CHECK(fs::is_empty(kTmp));

  std::ofstream(kTmp / "typo.json") << R"({"platform": {"preset": "crescendo", "nodse": 4}})";
  const auto t = bcssim("run " + (kTmp / "typo.json").string() + " --out " + (kTmp / "typo").string());
  CHECK(t.code == 2);
  CHECK(t.output.find("platform.nodse = 4: expected a key of this section (did you mean 'nodes'?): fidelity, "
                      "memory, nic, nodes,") != std::string::npos);
  const auto set = bcssim("validate " + (kTmp / "typo.json").string() + " --set platform.pe_sped=1GHz");
  CHECK(set.code == 2);
  CHECK(set.output.find("platform.pe_sped = \"1GHz\": expected a parameter path (see `bcssim params`) (did you "
                        "mean 'platform.pe_speed'?)") != std::string::npos);
  const auto sub = bcssim("runn " + (kTmp / "typo.json").string());
  CHECK(sub.code == 2);
  CHECK(sub.output.find("error: no subcommand 'runn' of 'bcssim' (did you mean 'run'?); subcommands: run, sweep,") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "typo"));

  std::ofstream(kTmp / "broken.json") << R"({"platform": )";
  CHECK(bcssim("validate " + (kTmp / "broken.json").string()).code == 2);
  CHECK(bcssim("run /nonexistent.json").code == 2);
  CHECK(bcssim("frobnicate").code == 2);
  fs::remove_all(kTmp);
}

TEST_CASE("validate and params")
{
  const auto v = bcssim("validate " + kDefault + " --print");
  CHECK(v.code == 0);
  CHECK(v.output.find("\"cable_length\"") != std::string::npos);
  // --print: stdout is JSON only (a study's every point), the verdict on stderr.
  const auto single = run_shell(exe() + " validate " + kDefault + " --print 2>/dev/null");
  CHECK(nlohmann::json::parse(single.output).at("platform").at("preset") == "crescendo");
  const auto study = run_shell(exe() + " validate " + std::string(BCSSIM_SOURCE_DIR) +
                               "/scenarios/paper/sage.json --print 2>/dev/null");
  const nlohmann::json points = nlohmann::json::parse(study.output).at("study").at("points");
  REQUIRE(points.size() == 12);
  CHECK(points[1].at("label") == "app.processes=2 mpi=bcs");
  CHECK(points[11].at("scenario").at("app").at("processes") == 64);
  const auto p = bcssim("params");
  CHECK(p.code == 0);
  CHECK(p.output.find("platform.pci.mixed_bandwidth") != std::string::npos);
  CHECK(p.output.find("003 Table 6") != std::string::npos);
}

TEST_CASE("MPI microbenchmarks: results, the four-panel plot and the golden digest")
{
  fs::remove_all(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/mpi-microbench.json";
  const auto r = bcssim("run " + scenario + " --out " + (kTmp / "mpi").string());
  REQUIRE(r.code == 0);
  for (const char* f : {"summary.json", "runs.csv", "digest", "mpi.gp", "mpi_sizes.csv", "mpi_posted.csv",
                        "mpi_collectives.csv", "mpi.svg", "mpi.png"}) {
    CAPTURE(f);
    CHECK(fs::exists(kTmp / "mpi" / f));
  }
  CHECK(slurp(kTmp / "mpi" / "summary.json").find("\"peak_bandwidth_MBps\"") != std::string::npos);
  check_golden_digest("mpi-microbench.json", kTmp / "mpi");
  fs::remove_all(kTmp);
}

TEST_CASE("a deadlocked application: exit 3, each blocked rank and its call, no results folder")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // Both ranks Send before they Recv: fine while eager (64 B), a deadlock once rendezvous (8 KiB > 4 KiB).
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/mpi-microbench.json";
  const auto r = bcssim("run " + scenario + " --set 'mpi_microbench.tests=[\"head_to_head\"]'" +
                        " --set 'mpi_microbench.sizes=[\"64B\",\"8KiB\"]' --out " + (kTmp / "dead").string());
  CHECK(r.code == 3);
  CHECK(r.output.find("'head_to_head.8192B' deadlocked") != std::string::npos);
  CHECK(r.output.find("rank 0 (node 0): MPI_Send(dest=1, tag=1, bytes=8192)\n"
                      "rank 1 (node 1): MPI_Send(dest=0, tag=1, bytes=8192)") != std::string::npos);
  CHECK(r.output.find("Oops") == std::string::npos); // SimGrid's own deadlock dump stays quiet
  CHECK(fs::is_empty(kTmp));
  fs::remove_all(kTmp);
}

TEST_CASE("the same MPI benchmarks on BCS-MPI: collectives take two slices, golden digest")
{
  fs::remove_all(kTmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/bcs-microbench.json";
  const auto r = bcssim("run " + scenario + " --out " + (kTmp / "bcs").string());
  REQUIRE(r.code == 0);
  const auto summary = nlohmann::json::parse(slurp(kTmp / "bcs" / "summary.json"));
  bool found = false;
  for (const auto& record : summary.at("mpi_figures").at("barrier_us"))
    if (record.at("processes") == 16) {
      CHECK(record.at("barrier_us") == 1000.0); // two 500 us slices
      found = true;
    }
  CHECK(found);
  check_golden_digest("bcs-microbench.json", kTmp / "bcs");
  fs::remove_all(kTmp);
}

TEST_CASE("a sweep with compare: the merged output does not depend on --jobs, and emit-jobs + merge give the same")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const fs::path scenario = kTmp / "sweep.json";
  std::ofstream(scenario) << R"({"name": "tiny", "kind": "app", "app": {"name": "synthetic"},
    "synthetic": {"iterations": 3, "pattern": "exchange"},
    "sweep": {"app.processes": [2, 8], "synthetic.granularity": ["1ms", "3ms"]}, "compare": true})";
  // The same folder name in two places: plot titles name it.
  const auto one = bcssim("run " + scenario.string() + " --jobs 1 --out " + (kTmp / "j1" / "tiny").string());
  const auto two = bcssim("run " + scenario.string() + " --jobs 2 --out " + (kTmp / "j2" / "tiny").string());
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  for (const char* f : {"summary.json", "runs.csv", "points.csv", "slowdowns.csv", "digest", "time.csv", "slowdown.csv",
                        "time.gp", "points/0007/summary.json"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(kTmp / "j1" / "tiny" / f));
    CHECK(slurp(kTmp / "j1" / "tiny" / f) == slurp(kTmp / "j2" / "tiny" / f));
  }
  const std::string runs = slurp(kTmp / "j1" / "tiny" / "runs.csv");
  CHECK(runs.rfind("point,app.processes,synthetic.granularity,mpi,app,variant,processes,nodes,time_s\n"
                   "0,2,1ms,quadrics,synthetic,exchange,2,1,",
                   0) == 0);
  const std::string slow = slurp(kTmp / "j1" / "tiny" / "slowdowns.csv");
  CHECK(slow.find("\n6,7,8,3ms,") != std::string::npos);

  // The same study as independent commands, then merged: the same digest and rows.
  const auto emitted = bcssim("sweep --emit-jobs " + scenario.string() + " --out " + (kTmp / "split").string());
  REQUIRE(emitted.code == 0);
  std::istringstream lines(emitted.output);
  int commands = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#')
      continue;
    ++commands;
    // Each starts with a cd to where it was emitted: it runs from any folder, as a cluster's job does.
    CHECK(line.rfind("cd '" + fs::current_path().string() + "' && ", 0) == 0);
    REQUIRE(std::system(("cd / && " + line).c_str()) == 0);
  }
  CHECK(commands == 8);
  const auto merged = bcssim("merge " + scenario.string() + " " + (kTmp / "split").string());
  REQUIRE(merged.code == 0);
  CHECK(slurp(kTmp / "split" / "digest") == slurp(kTmp / "j1" / "tiny" / "digest"));
  CHECK(slurp(kTmp / "split" / "runs.csv") == runs);

  // A bad value for every point: exit 2, its path, no results folder.
  const auto bad =
      bcssim("run " + scenario.string() + " --set 'synthetic.iterations=0' --out " + (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CHECK(bad.output.find("synthetic.iterations = 0: expected an integer in [1, 1000000000]") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}

TEST_CASE("the paper's synthetic barrier study reproduces its golden digest and its committed results")
{
  fs::remove_all(kTmp);
  const std::string name = "synthetic-barrier";
  const auto r = bcssim("run " + std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/" + name + ".json --jobs 2 --out " +
                        (kTmp / name).string());
  REQUIRE(r.code == 0);
  check_golden_digest("paper/" + name + ".json", kTmp / name);
  const fs::path committed = fs::path(BCSSIM_SOURCE_DIR) / "results" / "paper" / name;
  for (const char* f : {"slowdowns.csv", "runs.csv", "points.csv", "summary.json"}) {
    CAPTURE(f);
    CHECK(slurp(kTmp / name / f) == slurp(committed / f));
  }
  fs::remove_all(kTmp);
}

TEST_CASE("verify: a scenario that reproduces its golden digest passes; another digest or no golden fails")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  fs::copy_file(kDefault, kTmp / "default.json");
  const std::string good = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  const auto line = good.find("\ndefault.json,");
  REQUIRE(line != std::string::npos);
  const std::string digest = good.substr(line + 14, 16);
  std::ofstream(kTmp / "good.csv") << "scenario,digest\ndefault.json," << digest << "\n";
  std::ofstream(kTmp / "bad.csv") << "scenario,digest\ndefault.json,0123456789abcdef\n";

  const auto pass = bcssim("verify --digests " + (kTmp / "good.csv").string());
  CHECK(pass.code == 0);
  CHECK(pass.output.find("match      default.json: " + digest) != std::string::npos);

  const auto fail = bcssim("verify --digests " + (kTmp / "bad.csv").string());
  CHECK(fail.code == 1);
  CHECK(fail.output.find("MISMATCH   default.json: digest " + digest + ", golden 0123456789abcdef") !=
        std::string::npos);

  const auto unknown = bcssim("verify " + kDefault + " --digests " + (kTmp / "good.csv").string());
  CHECK(unknown.code == 1);
  CHECK(unknown.output.find("NO GOLDEN") != std::string::npos);

  const auto missing = bcssim("verify --digests " + (kTmp / "none.csv").string());
  CHECK(missing.code == 2);
  CHECK(missing.output.find("--digests") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE(
    "OS noise: the same seed gives the same digest, another seed another; a detour longer than its period is refused")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // BCS-MPI on 4 nodes with CPU and NIC noise: the NIC threads run their cycles through their own detours.
  std::ofstream(kTmp / "noisy.json")
      << R"({"kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 5},
    "noise": {"cpu": {"period": "2ms", "duration": "200us", "jitter": "500us"},
              "nic": {"period": "300us", "duration": "5us", "jitter": "50us"}}})";
  const std::string noisy = (kTmp / "noisy.json").string();
  auto digest_of = [](const fs::path& out) {
    std::string d = slurp(out / "digest");
    return d.substr(0, d.find('\n'));
  };
  REQUIRE(bcssim("run " + noisy + " --out " + (kTmp / "a").string()).code == 0);
  REQUIRE(bcssim("run " + noisy + " --out " + (kTmp / "b").string()).code == 0);
  REQUIRE(bcssim("run " + noisy + " --set seed=2 --out " + (kTmp / "c").string()).code == 0);
  REQUIRE(bcssim("run " + noisy + " --set seed=2 --out " + (kTmp / "d").string()).code == 0);
  REQUIRE(
      bcssim("run " + noisy + " --set noise.cpu.period=0s --set noise.nic.period=0s --out " + (kTmp / "quiet").string())
          .code == 0);
  CHECK(digest_of(kTmp / "a") == digest_of(kTmp / "b"));
  CHECK(digest_of(kTmp / "c") == digest_of(kTmp / "d"));
  CHECK(digest_of(kTmp / "a") != digest_of(kTmp / "c"));
  CHECK(digest_of(kTmp / "a") != digest_of(kTmp / "quiet"));

  const auto bad = bcssim("run " + noisy + " --set noise.cpu.jitter=1900us --out " + (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CAPTURE(bad.output);
  CHECK(bad.output.find("noise.cpu.jitter = \"1900us\": expected less than noise.cpu.period - noise.cpu.duration") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}
