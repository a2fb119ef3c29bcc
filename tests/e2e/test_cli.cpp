// The CLI as a user runs it: a subprocess per call.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {
struct Outcome {
  int code;
  std::string output; // stdout and stderr
};

// BCSSIM_E2E_EXE runs the tests against another binary (e.g. an older build, to see a new test fail there).
std::string exe()
{
  const char* other = std::getenv("BCSSIM_E2E_EXE");
  return other != nullptr && *other != '\0' ? other : BCSSIM_EXE;
}

Outcome bcssim(const std::string& args)
{
  const std::string cmd = exe() + " " + args + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr)
    out += buf.data();
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string slurp(const fs::path& p)
{
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kDefault = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/default.json";
const fs::path kTmp = fs::temp_directory_path() / "bcssim-e2e";
} // namespace

TEST_CASE("run twice: same digest, every result file bit-identical, digest matches scenarios/digests.csv")
{
  fs::remove_all(kTmp);
  const auto a = bcssim("run " + kDefault + " --events --out " + (kTmp / "a").string());
  const auto b = bcssim("run " + kDefault + " --events --out " + (kTmp / "b").string());
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(a.output.find("results: ") != std::string::npos);
  for (const char* f : {"summary.json", "runs.csv", "digest", "events.csv", "microbench.gp", "microbench_sizes.csv",
                        "microbench_distance.csv", "microbench.svg"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(kTmp / "a" / f));
    CHECK(slurp(kTmp / "a" / f) == slurp(kTmp / "b" / f));
  }
  CHECK(fs::exists(kTmp / "a" / "run-info.json"));
  const std::string digest = slurp(kTmp / "a" / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("default.json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv; if the model changed on "
                             "purpose, update that file");
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
  CHECK(t.output.find("platform.nodse = 4: expected no such key; allowed here:") != std::string::npos);
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
  CHECK(slurp(kTmp / "mpi" / "summary.json").find("\"peak_bandwidth_MiBps\"") != std::string::npos);
  const std::string digest = slurp(kTmp / "mpi" / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("mpi-microbench.json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv");
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
  const std::string summary = slurp(kTmp / "bcs" / "summary.json");
  CHECK(summary.find("\"barrier_us\": {\n      \"16\": 1000.0") != std::string::npos);
  const std::string digest = slurp(kTmp / "bcs" / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("bcs-microbench.json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv");
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
  const auto one = bcssim("run " + scenario.string() + " --jobs 1 --out " + (kTmp / "j1").string());
  const auto two = bcssim("run " + scenario.string() + " --jobs 2 --out " + (kTmp / "j2").string());
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  for (const char* f : {"summary.json", "runs.csv", "points.csv", "slowdowns.csv", "digest", "time.csv",
                        "slowdown.csv", "time.gp", "points/0007/summary.json"}) {
    CAPTURE(f);
    REQUIRE(fs::exists(kTmp / "j1" / f));
    CHECK(slurp(kTmp / "j1" / f) == slurp(kTmp / "j2" / f));
  }
  const std::string runs = slurp(kTmp / "j1" / "runs.csv");
  CHECK(runs.rfind("point,app.processes,synthetic.granularity,mpi,app,variant,mpi,processes,nodes,time_s\n"
                   "0,2,1ms,quadrics,synthetic,exchange,quadrics,2,1,",
                   0) == 0);
  const std::string slow = slurp(kTmp / "j1" / "slowdowns.csv");
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
    REQUIRE(std::system(line.c_str()) == 0);
  }
  CHECK(commands == 8);
  const auto merged = bcssim("merge " + scenario.string() + " " + (kTmp / "split").string());
  REQUIRE(merged.code == 0);
  CHECK(slurp(kTmp / "split" / "digest") == slurp(kTmp / "j1" / "digest"));
  CHECK(slurp(kTmp / "split" / "runs.csv") == runs);

  // A bad value for every point: exit 2, its path, no results folder.
  const auto bad = bcssim("run " + scenario.string() + " --set 'synthetic.iterations=0' --out " +
                          (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CHECK(bad.output.find("synthetic.iterations = 0: expected an integer in [1, 1e+09]") != std::string::npos);
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
  const std::string digest = slurp(kTmp / name / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find("paper/" + name + ".json," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " is not the golden one in scenarios/digests.csv");
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

TEST_CASE("OS noise: the same seed gives the same digest, another seed another; a detour longer than its period is refused")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // BCS-MPI on 4 nodes with CPU and NIC noise: the NIC threads run their cycles through their own detours.
  std::ofstream(kTmp / "noisy.json") << R"({"kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
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
  REQUIRE(bcssim("run " + noisy + " --set noise.cpu.period=0s --set noise.nic.period=0s --out " +
                 (kTmp / "quiet").string())
              .code == 0);
  CHECK(digest_of(kTmp / "a") == digest_of(kTmp / "b"));
  CHECK(digest_of(kTmp / "c") == digest_of(kTmp / "d"));
  CHECK(digest_of(kTmp / "a") != digest_of(kTmp / "c"));
  CHECK(digest_of(kTmp / "a") != digest_of(kTmp / "quiet"));

  const auto bad = bcssim("run " + noisy + " --set noise.cpu.jitter=1900us --out " + (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CAPTURE(bad.output);
  CHECK(bad.output.find("noise.cpu.jitter = \"1900us\": expected at most noise.cpu.period - noise.cpu.duration") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}

namespace {
// Events of trace.json, and the names of its process groups and threads.
struct Trace {
  nlohmann::json events;
  std::map<int, std::string> processes;
  std::map<std::pair<int, int>, std::string> threads;
};

Trace read_trace(const fs::path& file)
{
  Trace t;
  const auto doc = nlohmann::json::parse(slurp(file));
  REQUIRE(doc.at("traceEvents").is_array());
  t.events = doc.at("traceEvents");
  for (const auto& e : t.events) {
    REQUIRE(e.contains("ph"));
    if (e["ph"] == "M" && e["name"] == "process_name")
      t.processes[e["pid"].get<int>()] = e["args"]["name"].get<std::string>();
    if (e["ph"] == "M" && e["name"] == "thread_name")
      t.threads[{e["pid"].get<int>(), e["tid"].get<int>()}] = e["args"]["name"].get<std::string>();
  }
  return t;
}
} // namespace

TEST_CASE("trace.json: rank, NIC-thread and slice timelines with message arrows, without changing the digest")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // 4 ranks on 2 nodes, 3 iterations of 1 ms and an exchange with 2 neighbours: 24 messages.
  std::ofstream(kTmp / "x.json") << R"({"kind": "app", "platform": {"preset": "crescendo", "nodes": 2},
    "app": {"name": "synthetic", "processes": 4},
    "synthetic": {"pattern": "exchange", "iterations": 3, "granularity": "1ms", "neighbours": 2}})";
  const std::string x = (kTmp / "x.json").string();
  for (const char* mpi : {"bcs", "quadrics"}) {
    CAPTURE(mpi);
    const fs::path traced = kTmp / (std::string(mpi) + "-traced");
    const fs::path plain = kTmp / (std::string(mpi) + "-plain");
    REQUIRE(bcssim("run " + x + " --set mpi=" + mpi + " --trace --out " + traced.string()).code == 0);
    REQUIRE(bcssim("run " + x + " --set mpi=" + mpi + " --out " + plain.string()).code == 0);
    CHECK(slurp(traced / "digest") == slurp(plain / "digest")); // tracing only observes
    CHECK_FALSE(fs::exists(plain / "trace.json"));
    const Trace t = read_trace(traced / "trace.json");

    std::map<std::string, int> spans_by_name; // X events with a duration, by name
    std::set<std::string> rank_threads;
    std::map<std::uint64_t, int> flow_out, flow_in;
    int slices = 0;
    for (const auto& e : t.events) {
      if (e["ph"] == "i" && e.value("s", "") == "g" && e["name"].get<std::string>().rfind("slice ", 0) == 0)
        ++slices;
      if (e["ph"] != "X")
        continue;
      REQUIRE(e["dur"].get<double>() >= 0);
      const std::string thread = t.threads.at({e["pid"].get<int>(), e["tid"].get<int>()});
      const std::string name = e["name"].get<std::string>();
      if (e.contains("bind_id")) {
        (e.value("flow_out", false) ? flow_out : flow_in)[e["bind_id"].get<std::uint64_t>()]++;
        continue;
      }
      spans_by_name[name.substr(0, name.find('('))]++;
      if (thread.find(".rank") != std::string::npos)
        rank_threads.insert(thread);
    }
    CHECK(rank_threads.size() == 4);
    CHECK(spans_by_name["compute"] == 4 * 3);
    CHECK(spans_by_name["MPI_Waitall"] == 4 * 3);
    CHECK(spans_by_name["MPI_Isend"] == 4 * 3 * 2);
    // Every message: one arrow from its send to where it arrived.
    CHECK(flow_out.size() == 24);
    CHECK(flow_in.size() == 24);
    for (const auto& [id, n] : flow_out) {
      CHECK(n == 1);
      CHECK(flow_in.count(id) == 1);
    }
    if (std::string(mpi) == "bcs") {
      CHECK(spans_by_name["DEM"] > 0);
      CHECK(spans_by_name["MSM"] > 0);
      CHECK(spans_by_name["point-to-point"] > 0);
      CHECK(slices >= 6); // 3 ms of computation at 500 us a slice
      CHECK(t.processes.size() == 4); // node0.cpu, node0.nic, node1.cpu, node1.nic
    } else {
      CHECK(spans_by_name["match arrival"] == 24);
      CHECK(slices == 0);
    }
  }

  // A window keeps what overlaps it, clipped.
  const fs::path windowed = kTmp / "windowed";
  REQUIRE(bcssim("run " + x + " --set mpi=bcs --trace-window 1.5ms:2.5ms --out " + windowed.string()).code == 0);
  const Trace w = read_trace(windowed / "trace.json");
  int kept = 0;
  for (const auto& e : w.events) {
    if (e["ph"] == "M")
      continue;
    ++kept;
    CHECK(e["ts"].get<double>() >= 1500.0);
    CHECK(e["ts"].get<double>() + e.value("dur", 0.0) <= 2500.0 + 1e-9);
  }
  CHECK(kept > 0);
  const auto bad = bcssim("run " + x + " --trace-window 2ms:1ms --out " + (kTmp / "bad").string());
  CHECK(bad.code == 2);
  CHECK(bad.output.find("--trace-window = 2ms:1ms: expected FROM:TO") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "bad"));
  fs::remove_all(kTmp);
}

TEST_CASE("a scenario's digest does not depend on what ran before it in the same sweep")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // SimGrid allows one engine per process, so every run and every sweep point has a process of its own (forked
  // from a parent that ran nothing); this checks that nothing else leaks from one point into the next.
  const std::string base = R"("kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "sage", "processes": 8}, "sage": {"cells_per_process": 500, "cycles": 2})";
  std::ofstream(kTmp / "swept.json") << "{" + base + R"(, "sweep": {"app.name": ["synthetic", "sage"]}})";
  std::ofstream(kTmp / "alone.json") << "{" + base + "}";
  REQUIRE(bcssim("run " + (kTmp / "swept.json").string() + " --jobs 1 --out " + (kTmp / "study").string()).code == 0);
  REQUIRE(bcssim("run " + (kTmp / "alone.json").string() + " --out " + (kTmp / "alone").string()).code == 0);
  const std::string alone = slurp(kTmp / "alone" / "digest");
  CHECK(slurp(kTmp / "study" / "points" / "0001" / "digest") == alone);
  CHECK(slurp(kTmp / "study" / "points" / "0000" / "digest") != alone);
  fs::remove_all(kTmp);
}

TEST_CASE("MDS outputs: MMDS and EMDS files on BCS-MPI, none on the baseline; the EMDS window is bounded")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "m.json") << R"({"kind": "app", "mpi": "bcs", "platform": {"preset": "crescendo", "nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 4},
    "bcs": {"mds": {"mmds": true, "emds": true, "primitives": ["MPI_Waitall"], "plot_node": 2}}})";
  const std::string m = (kTmp / "m.json").string();
  REQUIRE(bcssim("run " + m + " --out " + (kTmp / "bcs").string()).code == 0);
  for (const char* f : {"mmds.csv", "mmds_ranks.csv", "mmds_distributions.csv", "emds_global.csv", "emds_local.csv",
                        "emds_node.csv", "emds_getts.png", "emds_node.png"}) {
    CAPTURE(f);
    CHECK(fs::exists(kTmp / "bcs" / f));
  }
  const std::string summary = slurp(kTmp / "bcs" / "mmds.csv");
  CHECK(summary.rfind("primitive,min_ms,max_ms,total_ms,count,average_ms\n", 0) == 0);
  CHECK(summary.find("\nMPI_Waitall,") != std::string::npos);
  CHECK(summary.find("\nComp Granularity,") != std::string::npos);
  CHECK(summary.find("\nComm Overhead,") != std::string::npos);
  CHECK(slurp(kTmp / "bcs" / "mmds_distributions.csv").find("all,MPI_Waitall latency,ms,") != std::string::npos);
  // The MDS's bookkeeping takes time: the run differs from the same run without it.
  REQUIRE(bcssim("run " + m + " --set bcs.mds.mmds=false --set bcs.mds.emds=false --out " + (kTmp / "off").string())
              .code == 0);
  CHECK(slurp(kTmp / "bcs" / "digest") != slurp(kTmp / "off" / "digest"));
  CHECK_FALSE(fs::exists(kTmp / "off" / "mmds.csv"));
  REQUIRE(bcssim("run " + m + " --set mpi=quadrics --out " + (kTmp / "quadrics").string()).code == 0);
  CHECK_FALSE(fs::exists(kTmp / "quadrics" / "mmds.csv"));
  CHECK_FALSE(fs::exists(kTmp / "quadrics" / "emds_global.csv"));

  const auto big = bcssim("run " + m + " --set bcs.mds.emds_slices=20000 --out " + (kTmp / "big").string());
  CHECK(big.code == 2);
  CHECK(big.output.find("bcs.mds.emds_slices = 20000: expected at most 10000 slices") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "big"));
  fs::remove_all(kTmp);
}

TEST_CASE("--out never deletes what bcssim did not write: a file or a foreign folder is refused, even with --force")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "mine");
  std::ofstream(kTmp / "precious.txt") << "the user's own file";
  std::ofstream(kTmp / "mine" / "notes.txt") << "the user's own notes";
  for (const char* force : {"", " --force"}) {
    CAPTURE(force);
    const auto file = bcssim("run " + kDefault + " --out " + (kTmp / "precious.txt").string() + force);
    CHECK(file.code == 2);
    CHECK(file.output.find("precious.txt: expected a new folder, or a results folder bcssim wrote") !=
          std::string::npos);
    CHECK(fs::is_regular_file(kTmp / "precious.txt"));
    CHECK(slurp(kTmp / "precious.txt") == "the user's own file");
    const auto folder = bcssim("run " + kDefault + " --out " + (kTmp / "mine").string() + force);
    CHECK(folder.code == 2);
    CHECK(folder.output.find("has no .bcssim-results marker") != std::string::npos);
    CHECK(slurp(kTmp / "mine" / "notes.txt") == "the user's own notes");
  }
  for (const auto& entry : fs::directory_iterator(kTmp)) // nothing else written
    CHECK((entry.path().filename() == "precious.txt" || entry.path().filename() == "mine"));
  fs::remove_all(kTmp);
}

TEST_CASE("a run into an existing results folder is exit 2 naming it, unless --force replaces it")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "empty");
  const std::string out = (kTmp / "r").string();
  REQUIRE(bcssim("run " + kDefault + " --out " + out).code == 0);
  CHECK(slurp(kTmp / "r" / ".bcssim-results").rfind("bcssim results folder", 0) == 0);
  const std::string digest = slurp(kTmp / "r" / "digest");
  fs::remove(kTmp / "r" / "digest");
  const auto again = bcssim("run " + kDefault + " --out " + out);
  CHECK(again.code == 2);
  CHECK(again.output.find(out + ": expected a new folder; this one holds the results of an earlier run: pass "
                                "--force") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "r" / "digest"));
  REQUIRE(bcssim("run " + kDefault + " --force --out " + out).code == 0);
  CHECK(slurp(kTmp / "r" / "digest") == digest);
  CHECK(bcssim("run " + kDefault + " --out " + (kTmp / "empty").string()).code == 0); // an empty folder holds nothing
  CHECK(fs::exists(kTmp / "empty" / "digest"));

  // merge: a folder of points/ only is what it merges into; merging again needs --force.
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "mpi_microbench", "platform": {"nodes": 2},
    "mpi_microbench": {"tests": ["pingpong"], "sizes": ["8B"], "iterations": 2}, "sweep": {"seed": [1, 2]}})";
  const std::string s = (kTmp / "s.json").string();
  for (int i = 0; i < 2; ++i)
    REQUIRE(bcssim("run " + s + " --point " + std::to_string(i) + " --out " +
                   (kTmp / "split" / "points" / ("000" + std::to_string(i))).string())
                .code == 0);
  REQUIRE(bcssim("merge " + s + " " + (kTmp / "split").string()).code == 0);
  const auto remerge = bcssim("merge " + s + " " + (kTmp / "split").string());
  CHECK(remerge.code == 2);
  CHECK(remerge.output.find("pass --force") != std::string::npos);
  CHECK(bcssim("merge " + s + " " + (kTmp / "split").string() + " --force").code == 0);
  CHECK(fs::exists(kTmp / "split" / "points" / "0001" / "digest"));
  fs::create_directories(kTmp / "split2");
  std::ofstream(kTmp / "split2" / "jobs.txt") << "user's";
  fs::copy(kTmp / "split" / "points", kTmp / "split2" / "points", fs::copy_options::recursive);
  CHECK(bcssim("merge " + s + " " + (kTmp / "split2").string() + " --force").code == 2);
  CHECK(fs::exists(kTmp / "split2" / "jobs.txt"));
  fs::remove_all(kTmp);
}

TEST_CASE("a scenario legally named like a temporary folder keeps its results when its namesake runs next")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "odd.json") << R"({"name": "default.tmp-999999", "kind": "microbench",
    "microbench": {"paths": ["elan-elan"], "sizes": ["0B"], "bidirectional": false, "distance": false}})";
  REQUIRE(bcssim("run " + (kTmp / "odd.json").string() + " --out " + (kTmp / "default.tmp-999999").string()).code ==
          0);
  REQUIRE(bcssim("run " + kDefault + " --out " + (kTmp / "default").string()).code == 0);
  CHECK(fs::exists(kTmp / "default.tmp-999999" / "digest"));
  CHECK(fs::exists(kTmp / "default" / "digest"));
  fs::remove_all(kTmp);
}

TEST_CASE("merge checks that every point was run with the parameters the study gives it now")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "s.json") << R"({"name": "s", "kind": "mpi_microbench", "platform": {"nodes": 2},
    "mpi_microbench": {"tests": ["pingpong"], "sizes": ["8B"], "iterations": 2}, "sweep": {"seed": [1, 2]}})";
  const std::string s = (kTmp / "s.json").string();
  for (int i = 0; i < 2; ++i)
    REQUIRE(bcssim("run " + s + " --point " + std::to_string(i) + " --out " +
                   (kTmp / "split" / "points" / ("000" + std::to_string(i))).string())
                .code == 0);
  const auto other = bcssim("merge " + s + " " + (kTmp / "split").string() + " --set mpi_microbench.iterations=3");
  CHECK(other.code == 2);
  CHECK(other.output.find("points/0000 mpi_microbench.iterations = 2: expected 3") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "split" / "digest"));
  // A point run from another sweep value: named by its own index and parameter.
  REQUIRE(bcssim("run " + s + " --point 0 --force --out " + (kTmp / "split" / "points" / "0001").string()).code == 0);
  const auto swapped = bcssim("merge " + s + " " + (kTmp / "split").string() + " --force");
  CHECK(swapped.code == 2);
  CHECK(swapped.output.find("points/0001 seed = 1: expected 2") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("deeply nested JSON is exit 2 at parse time, and an error repeats at most a short part of a bad value")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "deep.json") << std::string(100000, '[') << std::string(100000, ']');
  const auto deep = bcssim("validate " + (kTmp / "deep.json").string());
  CHECK(deep.code == 2);
  CHECK(deep.output.find("levels of nested arrays and objects") != std::string::npos);
  CHECK(deep.output.size() < 1000);
  const auto deep_set = bcssim("validate " + kDefault + " --set 'microbench.sizes=" + std::string(20000, '[') +
                               std::string(20000, ']') + "'");
  CHECK(deep_set.code == 2);
  CHECK(deep_set.output.find("microbench.sizes") != std::string::npos);
  CHECK(deep_set.output.size() < 1000);
  const auto deep_sweep = bcssim("validate " + kDefault + " --set 'sweep.seed=" + std::string(20000, '[') +
                                 std::string(20000, ']') + "'");
  CHECK(deep_sweep.code == 2);
  CHECK(deep_sweep.output.size() < 1000);

  std::string nodes = "[1";
  for (int i = 0; i < 5000; ++i)
    nodes += ",1";
  std::ofstream(kTmp / "long.json") << R"({"platform": {"nodes": )" << nodes << "]}}";
  const auto long_value = bcssim("validate " + (kTmp / "long.json").string());
  CHECK(long_value.code == 2);
  CAPTURE(long_value.output.substr(0, 400));
  CHECK(long_value.output.find("platform.nodes = [1,1,1,") != std::string::npos);
  CHECK(long_value.output.find("… (10003 bytes)") != std::string::npos);
  CHECK(long_value.output.size() < 1000);
  fs::remove_all(kTmp);
}

TEST_CASE("a number too large for a double and invalid UTF-8 are exit 2 naming the path")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "big.json") << R"({"platform": {"preset": "crescendo"}, "seed": 1e400})";
  const auto big = bcssim("validate " + (kTmp / "big.json").string());
  CHECK(big.code == 2);
  CHECK(big.output.find("seed = 1e400: expected a number a double can hold") != std::string::npos);
  std::ofstream(kTmp / "7e777") << "7e777";
  const auto tiny = bcssim("validate " + (kTmp / "7e777").string());
  CHECK(tiny.code == 2);
  CHECK(tiny.output.find("(root) = 7e777: expected a number a double can hold") != std::string::npos);
  std::ofstream(kTmp / "list.json") << R"({"microbench": {"sizes": ["1B", 2e999]}})";
  const auto item = bcssim("validate " + (kTmp / "list.json").string());
  CHECK(item.code == 2);
  CHECK(item.output.find("microbench.sizes[1] = 2e999") != std::string::npos);
  const auto set = bcssim("validate " + kDefault + " --set seed=1e400");
  CHECK(set.code == 2);
  CHECK(set.output.find("seed = 1e400") != std::string::npos);
  const auto utf8 = bcssim("validate " + kDefault + " --set 'platform.nodes=\xff'");
  CHECK(utf8.code == 2);
  CHECK(utf8.output.find("platform.nodes = \"\\xFF\": expected valid UTF-8 text") != std::string::npos);
  const auto utf8_sweep = bcssim("validate " + kDefault + " --set 'sweep.seed=\xff'");
  CHECK(utf8_sweep.code == 2);
  CHECK(utf8_sweep.output.find("expected valid UTF-8 text") != std::string::npos);
  CHECK(bcssim("validate " + kDefault + " --set 'name=caf\xc3\xa9'").code == 2); // valid UTF-8, but not a name
  fs::remove_all(kTmp);
}

TEST_CASE("duplicate keys, a folder for a scenario and merge of a missing folder are exit 2 saying so")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "folder.json");
  std::ofstream(kTmp / "dup.json") << R"({"name": "a", "name": "b"})";
  const auto dup = bcssim("validate " + (kTmp / "dup.json").string());
  CHECK(dup.code == 2);
  CHECK(dup.output.find("name = \"b\": expected each key once in an object; \"name\" is given twice") !=
        std::string::npos);
  std::ofstream(kTmp / "dup2.json") << R"({"platform": {"nodes": 4, "preset": "crescendo", "nodes": 8}})";
  const auto nested = bcssim("validate " + (kTmp / "dup2.json").string());
  CHECK(nested.code == 2);
  CHECK(nested.output.find("platform.nodes = 8: expected each key once") != std::string::npos);
  std::ofstream(kTmp / "fine.json") << R"({"platform": {"nodes": 4}, "microbench": {"nodes": 4}, "a": [{"k": 1}, {"k": 2}]})";
  CHECK(bcssim("validate " + (kTmp / "fine.json").string()).output.find("each key once") == std::string::npos);

  const auto folder = bcssim("validate " + (kTmp / "folder.json").string());
  CHECK(folder.code == 2);
  CHECK(folder.output.find("a scenario file; this is a folder") != std::string::npos);
  CHECK(folder.output.find("malformed") == std::string::npos);

  const auto missing = bcssim("merge " + kDefault + " " + (kTmp / "nothere").string());
  CHECK(missing.code == 2);
  CHECK(missing.output.find("nothere: expected a study's results folder holding points/") != std::string::npos);
  CHECK(missing.output.find("filesystem error") == std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "nothere"));
  fs::remove_all(kTmp);
}

TEST_CASE("verify --digests: an empty, header-only or garbage file is exit 2, not a pass that checked nothing")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::map<std::string, std::string> files = {
      {"empty.csv", ""},
      {"garbage.csv", "garbage\n"},
      {"header.csv", "scenario,digest\n"},
      {"binary.csv", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10)},
      {"baddigest.csv", "scenario,digest\ndefault.json,not-hex\n"},
  };
  for (const auto& [name, content] : files) {
    CAPTURE(name);
    std::ofstream(kTmp / name, std::ios::binary) << content;
    const auto r = bcssim("verify --digests " + (kTmp / name).string());
    CHECK(r.code == 2);
    CHECK(r.output.find("--digests") != std::string::npos);
    CHECK(r.output.find("match") == std::string::npos);
  }
  fs::remove_all(kTmp);
}

TEST_CASE("a sweep of more than 10,000 points is exit 2 naming the count and the limit, before expanding it")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::string list = "[1";
  for (int i = 2; i <= 100; ++i)
    list += "," + std::to_string(i);
  list += "]";
  std::ofstream(kTmp / "huge.json") << R"({"kind": "app", "app": {"name": "synthetic"}, "sweep": {"seed": )" << list
                                    << R"(, "synthetic.iterations": )" << list << R"(, "synthetic.neighbours": )"
                                    << list << "}}";
  const auto huge = bcssim("validate " + (kTmp / "huge.json").string());
  CHECK(huge.code == 2);
  CHECK(huge.output.find("sweep = 1000000 points: expected at most 10000 points") != std::string::npos);
  // compare doubles the points: 5001 seeds on both MPIs are 10002
  const auto compared = bcssim("validate " + kDefault + " --set kind=app --set compare=true --set 'sweep.seed=" +
                               std::string("[") + [] {
                                 std::string s = "1";
                                 for (int i = 2; i <= 5001; ++i)
                                   s += "," + std::to_string(i);
                                 return s;
                               }() + "]'");
  CHECK(compared.code == 2);
  CHECK(compared.output.find("sweep = 10002 points: expected at most 10000 points") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("a machine of more PEs than an int can number is exit 2, not a truncated job that passes validation")
{
  // 2^24 nodes x 1024 PEs = 2^34 ranks: int(2^34) was 0, and the job passed validate.
  const auto huge = bcssim("validate " + kDefault + " --set platform.nodes=16777216 --set platform.pes_per_node=1024");
  CHECK(huge.code == 2);
  CHECK(huge.output.find("platform.pes_per_node = 1024: expected at most 127 with platform.nodes = 16777216") !=
        std::string::npos);
  const auto sweep3d = bcssim("validate " + kDefault + " --set kind=app --set app.name=sweep3d --set sweep3d.cells=global"
                              " --set platform.nodes=16777216 --set platform.pes_per_node=1024");
  CHECK(sweep3d.code == 2);
  CHECK(bcssim("validate " + kDefault + " --set platform.nodes=16777216 --set platform.pes_per_node=127").code == 0);
}

TEST_CASE("--log settings SimGrid cannot take are exit 2 with a message, and nothing is left behind")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "small.json") << R"({"kind": "microbench",
    "microbench": {"paths": ["elan-elan"], "sizes": ["0B"], "bidirectional": false, "distance": false}})";
  const std::string small = (kTmp / "small.json").string();
  for (const std::string bad : {"garbage", ":::", "x.thres:banana", "x.foo:bar", "root.fmt:%Q", "root.fmt:%m%",
                          "x.app:nowhere", "x.app:file:/nonexistent/dir/log.txt", "a.b.thres:info", "x.fmt:\"%m"}) {
    CAPTURE(bad);
    const auto r = bcssim("run " + small + " --log '" + bad + "' --out " + (kTmp / "o").string());
    CHECK(r.code == 2);
    CHECK(r.output.find("--log = ") != std::string::npos);
    CHECK(r.output.find("Backtrace") == std::string::npos);
  }
  for (const auto& entry : fs::directory_iterator(kTmp)) // nothing left: no results, no temporary folder
    CHECK(entry.path().filename() == "small.json");
  // What SimGrid takes still runs.
  const auto good = bcssim("run " + small + " --log 'root.thres:critical xbt_cfg.fmt:%m%n' --log no_loc"
                           " --log s4u.t:Warning --log 'root.app:stderr' --out " + (kTmp / "good").string());
  CHECK(good.code == 0);
  fs::remove_all(kTmp);
}

namespace {
// bcssim started in the background (output discarded): its pid.
pid_t spawn(const std::string& args)
{
  const std::string cmd = "exec " + exe() + " " + args + " >/dev/null 2>&1";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

std::vector<pid_t> children_of(pid_t pid)
{
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  std::vector<pid_t> out;
  for (pid_t c; in >> c;)
    out.push_back(c);
  return out;
}

// Running or sleeping (not gone, not a zombie waiting for a parent that will not reap it).
bool alive(pid_t pid)
{
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line))
    return false;
  const auto close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z' && line[close + 2] != 'X';
}

bool all_gone_within(const std::vector<pid_t>& pids, std::chrono::milliseconds limit)
{
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    bool any = false;
    for (pid_t p : pids)
      any = any || alive(p);
    if (!any)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// Waits for `pid` (our child) to exit; its exit code (128 + signal if killed) and how long it took.
std::pair<int, double> wait_exit(pid_t pid)
{
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  ::waitpid(pid, &status, 0);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), s};
}

bool temp_left(const fs::path& dir)
{
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().find(".tmp-") != std::string::npos)
      return true;
  return false;
}
} // namespace

TEST_CASE("signals: SIGTERM and SIGINT stop a sweep or a run within a second, exit 143/130, remove the temp "
          "folder; the points die with a parent killed with SIGKILL")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // Points that would run for hours.
  std::ofstream(kTmp / "long.json") << R"({"name": "long", "kind": "app", "platform": {"nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 1000000000},
    "sweep": {"seed": [1, 2, 3, 4]}})";
  const std::string sweep = (kTmp / "long.json").string() + " --jobs 2 --out " + (kTmp / "L").string();
  auto started = [](pid_t pid) {
    for (int i = 0; i < 1000 && children_of(pid).size() < 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return children_of(pid);
  };
  for (const auto& [sig, code] : {std::pair<int, int>{SIGTERM, 143}, {SIGINT, 130}}) {
    CAPTURE(sig);
    const pid_t parent = spawn("run " + sweep);
    const auto points = started(parent);
    REQUIRE(points.size() == 2);
    ::kill(parent, sig); // the parent only, as `kill` does
    const auto [exit_code, seconds] = wait_exit(parent);
    CHECK(exit_code == code);
    CHECK(seconds < 1.0);
    CHECK(all_gone_within(points, std::chrono::milliseconds(500)));
    CHECK_FALSE(temp_left(kTmp));
    CHECK_FALSE(fs::exists(kTmp / "L"));
  }
  { // A single run.
    const pid_t run = spawn("run " + (kTmp / "long.json").string() + " --set 'sweep.seed=[1]' --out " + (kTmp / "S").string());
    for (int i = 0; i < 500 && !temp_left(kTmp); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(run, SIGINT);
    const auto [exit_code, seconds] = wait_exit(run);
    CHECK(exit_code == 130);
    CHECK(seconds < 1.0);
    CHECK_FALSE(temp_left(kTmp));
  }
  { // kill -9 of the parent: its points go with it, and the next run removes what it left.
    const pid_t parent = spawn("run " + sweep);
    const auto points = started(parent);
    REQUIRE(points.size() == 2);
    ::kill(parent, SIGKILL);
    CHECK(wait_exit(parent).first == 128 + SIGKILL);
    CHECK(all_gone_within(points, std::chrono::milliseconds(1000)));
    CHECK(temp_left(kTmp));
    REQUIRE(bcssim("run " + sweep + " --set 'sweep.seed=[1]' --set synthetic.iterations=2").code == 0);
    CHECK_FALSE(temp_left(kTmp));
  }
  fs::remove_all(kTmp);
}

TEST_CASE("under a memory limit a machine too big for it fails with exit 1 naming its size, and leaves nothing")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // popen's shell applies the limit to bcssim alone (ulimit -v: address space, what SimGrid's stack callocs hit).
  auto run = [](const std::string& kib, const std::string& args) {
    const std::string cmd = "ulimit -v " + kib + "; exec " + exe() + " run " + kDefault + " --set platform.preset=asci-q " +
                            args + " 2>&1";
    FILE* pipe = ::popen(cmd.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    std::array<char, 4096> buf{};
    while (std::fgets(buf.data(), buf.size(), pipe) != nullptr)
      out += buf.data();
    const int status = ::pclose(pipe);
    return Outcome{WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
  };
  // Known too big before anything is built: 16384 nodes cannot fit 2 GB of address space.
  const auto early = run("2000000", "--set platform.nodes=16384 --out " + (kTmp / "a").string());
  CHECK(early.code == 1);
  CHECK(early.output.find("not enough memory for a machine of 16384 nodes") != std::string::npos);
  // Found too big while SimGrid builds it (4096 nodes reserve ~5 GB): still exit 1, its size named, nothing left.
  const auto late = run("5000000", "--set platform.nodes=4096 --out " + (kTmp / "b").string());
  CHECK(late.code == 1);
  CHECK(late.output.find("a machine of 4096 nodes") != std::string::npos);
  CHECK(fs::is_empty(kTmp));
  fs::remove_all(kTmp);
}

namespace {

// A shell command's exit code and output (stdout and stderr), run in `dir`.
Outcome shell(const std::string& command, const fs::path& dir)
{
  const std::string cmd = "cd '" + dir.string() + "' && " + command + " 2>&1";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr)
    out += buf.data();
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// runs.csv's time_s of the run on `mpi`.
std::string time_on(const std::string& runs_csv, const std::string& mpi)
{
  std::istringstream in(runs_csv);
  std::string line;
  while (std::getline(in, line))
    if (line.find("," + mpi + ",replay,") != std::string::npos)
      return line.substr(line.rfind(',') + 1);
  return "";
}

} // namespace

TEST_CASE("run your own MPI program: compile with smpicc, trace with smpirun -trace-ti, replay on both MPIs")
{
  if (shell("command -v smpicc && command -v smpirun", fs::current_path()).code != 0) {
    MESSAGE("skipped: SMPI's smpicc / smpirun are not installed (Debian package libsimgrid-dev; "
            "scripts/install-deps.sh installs it)");
    return;
  }
  const fs::path tmp = fs::temp_directory_path() / "bcssim-e2e-replay";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const std::string data = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/program/";
  // README, "Run your own MPI program": the same commands.
  const Outcome cc = shell("smpicc -O1 " + data + "ring.c -o ring", tmp);
  REQUIRE_MESSAGE(cc.code == 0, cc.output);
  const Outcome traced = shell("smpirun -np 4 -platform " + data + "platform.xml -hostfile " + data +
                                   "hostfile -trace-ti --cfg=tracing/filename:ring.txt --cfg=smpi/host-speed:1Gf ./ring",
                               tmp);
  REQUIRE_MESSAGE(traced.code == 0, traced.output);
  CHECK(traced.output.find("ring: 4 ranks, 10 steps done") != std::string::npos);
  REQUIRE(fs::exists(tmp / "ring.txt"));

  // Communication only (replay.compute_scale 0): the times follow from the trace's messages alone, exactly.
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const std::string trace = " --set replay.trace=" + (tmp / "ring.txt").string();
  const Outcome comm = bcssim("run " + scenario + trace + " --set replay.compute_scale=0 --set compare=true --set "
                              "'sweep.replay.compute_scale=[0]' --out " + (tmp / "comm").string());
  REQUIRE_MESSAGE(comm.code == 0, comm.output);
  const std::string runs = slurp(tmp / "comm" / "runs.csv");
  CHECK(time_on(runs, "quadrics") == "0.000735611");
  CHECK(time_on(runs, "bcs") == "0.022998575"); // 1 + 10 x 2 + 2 collectives' slices of 500 us, and the launch
  const std::string profile = slurp(tmp / "comm" / "points" / "0000" / "profile.csv");
  CHECK(profile.find("MPI_Isend,40,163840,") != std::string::npos); // 4 ranks x 10 steps x 512 doubles
  CHECK(profile.find("MPI_Allreduce,40,") != std::string::npos);

  // As recorded, and with a 10x slower CPU: the slowdown plot of BCS-MPI over the baseline.
  const Outcome plot = bcssim("run " + scenario + trace + " --out " + (tmp / "ring-results").string());
  REQUIRE_MESSAGE(plot.code == 0, plot.output);
  CHECK(fs::file_size(tmp / "ring-results" / "slowdown.png") > 1000);
  const std::string slow = slurp(tmp / "ring-results" / "slowdowns.csv");
  CHECK(slow.find("point_quadrics,point_bcs,replay.compute_scale,time_quadrics_s,time_bcs_s,slowdown") == 0);
  fs::remove_all(tmp);
}

TEST_CASE("replay: a missing trace, a malformed line and a wait for nothing are exit 2 naming them; nothing written")
{
  const fs::path tmp = fs::temp_directory_path() / "bcssim-e2e-replay-errors";
  fs::remove_all(tmp);
  const std::string scenario = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const std::string data = std::string(BCSSIM_SOURCE_DIR) + "/tests/data/replay/";
  const auto run = [&](const std::string& sets) {
    return bcssim("run " + scenario + " --set compare=false --set 'sweep.replay.compute_scale=[1]' " + sets +
                  " --out " + (tmp / "out").string());
  };
  Outcome r = run("--set replay.trace=" + data + "no-such-trace.txt");
  CHECK(r.code == 2);
  CHECK(r.output.find("replay.trace = \"" + data + "no-such-trace.txt\": expected an existing trace file") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  fs::create_directories(tmp / "trace");
  std::ofstream(tmp / "trace" / "bad.txt") << "0 init\n1 init\n0 compute 5\n1 bcast 4 0 -1\n";
  r = run("--set replay.trace=" + (tmp / "trace" / "bad.txt").string() + " --set app.processes=2");
  CHECK(r.code == 2);
  CHECK(r.output.find("bad.txt:4: \"1 bcast 4 0 -1\": expected a datatype id of SimGrid 3.32") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  r = run("--set replay.trace=" + data + "bad-wait/index.txt --set app.processes=2");
  CHECK(r.code == 2);
  CHECK(r.output.find("bad-wait/rank-1.txt:3: \"1 wait 0 1 5\"") != std::string::npos);
  CHECK_FALSE(fs::exists(tmp / "out"));

  r = run("--set replay.trace=" + data + "all-actions/index.txt --set app.processes=3");
  CHECK(r.code == 2);
  CHECK(r.output.find("app.processes = 3: expected 4, the rank count of the trace") != std::string::npos);
  fs::remove_all(tmp);
}
