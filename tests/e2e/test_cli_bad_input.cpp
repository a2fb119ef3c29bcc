// Bad input: exit 2 with a message naming the file, the JSON path or the option, the value and what is allowed.
#include "cli_harness.hpp"

using namespace e2e;

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
  const auto deep_sweep =
      bcssim("validate " + kDefault + " --set 'sweep.seed=" + std::string(20000, '[') + std::string(20000, ']') + "'");
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
  std::ofstream(kTmp / "fine.json")
      << R"({"platform": {"nodes": 4}, "microbench": {"nodes": 4}, "a": [{"k": 1}, {"k": 2}]})";
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
      {"binary.csv", std::string("\x7f"
                                 "ELF\x02\x01\x01\0\0\0",
                                 10)},
      {"baddigest.csv", "scenario,digest\ndefault.json,not-hex\n"},
  };
  for (const auto& entry : files) {
    const auto& name = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& content = std::get<1>(entry);
    CAPTURE(name);
    std::ofstream(kTmp / name, std::ios::binary) << content;
    const auto r = bcssim("verify --digests " + (kTmp / name).string());
    CHECK(r.code == 2);
    CHECK(r.output.find("--digests") != std::string::npos);
    CHECK(r.output.find("match") == std::string::npos);
  }
  fs::remove_all(kTmp);
}

TEST_CASE("verify of a scenario file that does not exist is exit 2 naming it, not a missing golden digest")
{
  const auto r = bcssim("verify --digests " + (fs::path(BCSSIM_SOURCE_DIR) / "scenarios" / "digests.csv").string() +
                        " scenarios/no-such-scenario.json");
  CHECK(r.code == 2);
  CHECK(r.output.find("no-such-scenario.json") != std::string::npos);
  CHECK(r.output.find("an existing scenario file") != std::string::npos);
}

TEST_CASE("verify --sample --samples: a malformed samples file is exit 2 naming it, not a pass")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::map<std::string, std::string> files = {
      {"empty.csv", ""},
      {"digests.csv", "scenario,digest\ndefault.json,0fe90e9cc1e06751\n"}, // the other file's format
      {"header.csv", "scenario,point,sets,digest\n"},
      {"nopoint.csv", "scenario,point,sets,digest\ndefault.json,,,0fe90e9cc1e06751\n"},
      {"negative.csv", "scenario,point,sets,digest\ndefault.json,-1,,0fe90e9cc1e06751\n"},
      {"baddigest.csv", "scenario,point,sets,digest\ndefault.json,0,,xyz\n"},
      {"extra.csv", "scenario,point,sets,digest\ndefault.json,0,a=1,0fe90e9cc1e06751,more\n"},
  };
  for (const auto& entry : files) {
    const auto& name = std::get<0>(entry);
    const auto& content = std::get<1>(entry);
    CAPTURE(name);
    std::ofstream(kTmp / name, std::ios::binary) << content;
    const auto r = bcssim("verify --sample --samples " + (kTmp / name).string());
    CHECK(r.code == 2);
    CHECK(r.output.find("--samples") != std::string::npos);
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
  const auto compared =
      bcssim("validate " + kDefault + " --set kind=app --set compare=true --set 'sweep.seed=" + std::string("[") + [] {
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
  const auto sweep3d = bcssim("validate " + kDefault +
                              " --set kind=app --set app.name=sweep3d --set sweep3d.cells=global"
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
  for (const std::string bad :
       {"garbage", ":::", "x.thres:banana", "x.foo:bar", "root.fmt:%Q", "root.fmt:%m%", "x.app:nowhere",
        "x.app:file:/nonexistent/dir/log.txt", "a.b.thres:info", "x.fmt:\"%m"}) {
    CAPTURE(bad);
    const auto r = bcssim("run " + small + " --log '" + bad + "' --out " + (kTmp / "o").string());
    CHECK(r.code == 2);
    CHECK(r.output.find("--log = ") != std::string::npos);
    CHECK(r.output.find("Backtrace") == std::string::npos);
  }
  for (const auto& entry : fs::directory_iterator(kTmp)) // nothing left: no results, no temporary folder
    CHECK(entry.path().filename() == "small.json");
  // What SimGrid takes still runs.
  const auto good = bcssim("run " + small +
                           " --log 'root.thres:critical xbt_cfg.fmt:%m%n' --log no_loc"
                           " --log s4u.t:Warning --log 'root.app:stderr' --out " +
                           (kTmp / "good").string());
  CHECK(good.code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("a BCS-MPI slice too short to move data is exit 2 naming the slice it needs, not a run that never ends")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // A 1 KiB ping-pong on two Crescendo nodes: a slice's microphases take 27.6 us there once data waits.
  std::ofstream(kTmp / "pp.json") << R"({"name": "pp", "kind": "mpi_microbench", "mpi": "bcs",
    "platform": {"preset": "crescendo", "nodes": 2},
    "mpi_microbench": {"tests": ["pingpong"], "pair": [0, 1], "sizes": ["1KiB"], "iterations": 2}})";
  const std::string run = "run " + (kTmp / "pp.json").string() + " --out " + (kTmp / "out").string();
  const auto too_short = bcssim(run + " --set bcs.runtime.slice=20us");
  CHECK(too_short.code == 2);
  CHECK(too_short.output.find("bcs.runtime.slice = 20us: expected a slice longer than 27.6us on this machine") !=
        std::string::npos);
  CHECK(too_short.output.find("stopped after 1000 slices in which nothing moved, at t = 20.040 ms") !=
        std::string::npos);
  // On time, but the few microseconds left for point to point are taken whole by a chunk's fixed costs.
  const auto starved = bcssim(run + " --set bcs.runtime.slice=28us");
  CHECK(starved.code == 2);
  CHECK(starved.output.find("bcs.runtime.slice = 28us: expected a longer slice: the Buffer Receivers had 2.70us "
                            "left for the point-to-point microphase, which a chunk's fixed costs") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "out"));
  CHECK(bcssim(run + " --set bcs.runtime.slice=29us").code == 0);
  // validate finds both before any run (hostile pass of 2026-12-07, finding 8: it passed them), by a probe of the
  // machine in a child process, with the run's own words.
  const std::string validate = "validate " + (kTmp / "pp.json").string();
  const auto probed = bcssim(validate + " --set bcs.runtime.slice=20us");
  CHECK(probed.code == 2);
  CHECK(probed.output.find("bcs.runtime.slice = 20us: expected a slice longer than 27.6us on this machine") !=
        std::string::npos);
  CHECK(probed.output.find("(found before the run by a probe of this machine: two ranks exchanging 64 bytes)") !=
        std::string::npos);
  CHECK(probed.output.find("WARNING") == std::string::npos); // the probe's runtime says nothing of its own
  CHECK(bcssim(validate + " --set bcs.runtime.slice=25us").code == 2);
  // The probe asks the least of a slice (its two ranks share a node): 28 us, which starves the ping-pong between
  // two nodes of a chunk's fixed part, is the run's to refuse.
  CHECK(bcssim(validate + " --set bcs.runtime.slice=28us").code == 0);
  CHECK(bcssim(validate + " --set bcs.runtime.slice=29us").code == 0);
  fs::remove_all(kTmp);
}

// Issue 67: a chunk's fixed costs (its DMA descriptor, the get's request, the sender's DMA start-up and the route's
// latency: 3.2 us between two Crescendo nodes) do not depend on its size. While the rate that sizes chunks was
// learnt as bytes / time taken, a chunk cut short by a late strobe (2 B) "measured" 0.6 MB/s, the next chunk was
// sized by that, and at 47 us (6.47 us left for point to point once the strobe is on time) one byte per slice
// was a fixed point: 16.95 s of simulated time for the 50 iterations that 48 us runs in 0.18 s. The rate is now
// learnt net of the fixed part, which is kept out of the time chunks are sized for. What remains between 47 and
// 48 us is the slice's slack over its idle microphases, 0.07 against 1.07 us: a strobe that a DEM carrying
// descriptors made 5 us late catches up 15 times more slowly, and until it has no remote chunk fits.
TEST_CASE("a BCS-MPI slice 0.07 us longer than its idle microphases runs twice as long as 1 us longer, not 100 times")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "x.json") << R"({"name": "x", "kind": "app", "mpi": "bcs",
    "app": {"name": "synthetic", "processes": 8},
    "synthetic": {"pattern": "exchange", "granularity": "1ms", "iterations": 10}})";
  std::map<std::string, double> time;
  std::map<std::string, std::string> output;
  for (const char* slice : {"47us", "48us", "50us"}) {
    const fs::path out = kTmp / slice;
    const auto r =
        bcssim("run " + (kTmp / "x.json").string() + " --set bcs.runtime.slice=" + slice + " --out " + out.string());
    REQUIRE(r.code == 0);
    time[slice] = nlohmann::json::parse(slurp(out / "summary.json"))["app"]["time_s"].get<double>();
    output[slice] = r.output;
  }
  CAPTURE(time["47us"]);
  CAPTURE(time["48us"]);
  CAPTURE(time["50us"]);
  CHECK(time["50us"] < time["48us"]);
  CHECK(time["48us"] < 2 * time["50us"]);
  CHECK(time["47us"] < 3 * time["48us"]); // 0.075 s against 0.039 s (3.5 s against 0.036 s before)
  // Said while it runs: the time left to move bytes in, once each chunk's start-up is paid, is 1.6 % of the slice.
  CHECK(output["47us"].find("bcs.runtime.slice = 47us has left point to point 0.73 us of a slice to move bytes in") !=
        std::string::npos);
  CHECK(output["50us"].find("has left point to point") == std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("docs: --check passes on the repository, names a stale file with exit 1, and a bad catalogue is exit 2")
{
  const auto ok = bcssim("docs --check --root " + std::string(BCSSIM_SOURCE_DIR));
  CHECK(ok.code == 0);
  CHECK(ok.output.find("current: docs/validation.md") != std::string::npos);

  // A copy of the repository's generator input with one figure's committed result changed.
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "docs" / "src");
  fs::copy(fs::path(BCSSIM_SOURCE_DIR) / "docs" / "src", kTmp / "docs" / "src", fs::copy_options::recursive);
  fs::create_directory_symlink(fs::path(BCSSIM_SOURCE_DIR) / "results", kTmp / "results");
  for (const char* doc : {"calibration.md", "validation.md"})
    fs::copy_file(fs::path(BCSSIM_SOURCE_DIR) / "docs" / doc, kTmp / "docs" / doc);
  std::ofstream(kTmp / "docs" / "validation.md", std::ios::app) << "edited by hand\n";
  const auto stale = bcssim("docs --check --root " + kTmp.string());
  CHECK(stale.code == 1);
  CHECK(stale.output.find("stale: docs/validation.md") != std::string::npos);
  CHECK(stale.output.find("current: docs/calibration.md") != std::string::npos);

  std::ofstream(kTmp / "docs" / "src" / "figures.json") << R"({"figures": [{"id": 3}]})";
  const auto bad = bcssim("docs --root " + kTmp.string());
  CHECK(bad.code == 2);
  CHECK(bad.output.find("figures[0].id") != std::string::npos);
  CHECK(bad.output.find("edited by hand") == std::string::npos);
  std::ifstream in(kTmp / "docs" / "validation.md");
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("edited by hand") != std::string::npos); // nothing written
  fs::remove_all(kTmp);
}

TEST_CASE("workload stats: a MaxProcs header that is not a processor count is exit 2 naming it; cancelled jobs "
          "do not count")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string job = "1 0 -1 100 4 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n";
  const std::string cancelled = "2 50 -1 -1 8 -1 -1 -1 -1 -1 5 -1 -1 -1 0 -1 -1 -1\n";
  for (const char* header : {"x", "-1", "0"}) {
    CAPTURE(header);
    std::ofstream(kTmp / "w.swf") << "; MaxProcs: " << header << "\n" << job;
    const auto r = bcssim("workload stats " + (kTmp / "w.swf").string());
    CHECK(r.code == 2);
    CHECK(r.output.find("w.swf: header MaxProcs = " + std::string(header) +
                        ": expected a whole number of processors of at least 1") != std::string::npos);
  }
  // Job 2 (no run time) neither counts in the sizes nor stretches the span: 400 processor-seconds over 100 s on 8.
  std::ofstream(kTmp / "w.swf") << "; MaxProcs: 8\n"
                                << job << cancelled << "3 100 -1 100 4 -1 -1 -1 -1 -1 1 -1 -1 -1 0 -1 -1 -1\n";
  const auto r = bcssim("workload stats " + (kTmp / "w.swf").string());
  CHECK(r.code == 0);
  CHECK(r.output.find("3 jobs (2 that could run counted here)") != std::string::npos);
  CHECK(r.output.find("processors per job: median 4, mean 4.00, largest 4") != std::string::npos);
  CHECK(r.output.find("offered load on 8 processors: 1.000") != std::string::npos);
  fs::remove_all(kTmp);
}
