// Inputs a careful user expects refused, each with exit 2 and a message naming the command, path or value and
// what was meant (issue 45: a sweep dimension twice, SWEEP3D's int grid, the CLI's words and "did you mean").
#include "cli_harness.hpp"

using namespace e2e;

TEST_CASE("a parameter swept in two dimensions, or twice in one linked sweep, is exit 2 naming both")
{
  const std::string synthetic = kDefault + " --set kind=app --set app.name=synthetic --set compare=false";
  const auto twice = bcssim("validate " + synthetic + " --set 'sweep.synthetic.granularity=[\"1ms\",\"2ms\"]'" +
                            " --set 'sweep.synthetic.iterations + synthetic.granularity=[[1,\"1ms\"]]'");
  CHECK(twice.code == 2);
  CHECK(twice.output.find("sweep.synthetic.iterations + synthetic.granularity = [[1,\"1ms\"]]: expected each "
                          "parameter in one sweep dimension only; 'synthetic.granularity' is also swept by "
                          "sweep.synthetic.granularity") != std::string::npos);
  const auto linked =
      bcssim("validate " + synthetic + " --set 'sweep.synthetic.iterations + synthetic.iterations=[[1,2]]'");
  CHECK(linked.code == 2);
  CHECK(linked.output.find("expected each parameter once in a linked sweep; 'synthetic.iterations' is named twice") !=
        std::string::npos);
  // compare and replicates shape the study: a list of them would be ignored.
  for (const std::string key : {"compare", "replicates"}) {
    const auto r = bcssim("validate " + synthetic + " --set 'sweep." + key + "=[1]'");
    CHECK(r.code == 2);
    CHECK(r.output.find("sweep." + key +
                        " = [1]: expected a parameter path other than name, kind, compare and "
                        "replicates") != std::string::npos);
  }
  CHECK(bcssim("validate " + synthetic + " --set 'sweep.synthetic.iterations + synthetic.granularity=[[1,\"1ms\"]]'")
            .code == 0);
  // The same value twice: two points of one run.
  const auto again = bcssim("validate " + synthetic + " --set 'sweep.synthetic.granularity=[\"1ms\",\"2ms\",\"1ms\"]'");
  CHECK(again.code == 2);
  CHECK(again.output.find("sweep.synthetic.granularity[2] = \"1ms\": expected a value the list does not hold already "
                          "(sweep.synthetic.granularity[0] = \"1ms\")") != std::string::npos);
}

TEST_CASE("SWEEP3D's global grid past an int is exit 2 at validation, not a run that fails with a negative it_g")
{
  const std::string sweep3d = kDefault + " --set kind=app --set app.name=sweep3d --set compare=false"
                                         " --set app.processes=4096 --set platform.nodes=2048 --set sweep3d.npe_i=4096";
  const auto over = bcssim("validate " + sweep3d + " --set sweep3d.it=1000000");
  CHECK(over.code == 2);
  CHECK(over.output.find("sweep3d.it = 1000000: expected at most 524287 cells with sweep3d.cells = per_process on the "
                         "4096 x 1 grid: the global grid's it_g = it x npe_i must be at most 2147483647") !=
        std::string::npos);
  CHECK(bcssim("validate " + sweep3d + " --set sweep3d.it=524287").code == 0);
}

TEST_CASE("--set and --log take one word each: the scenario may follow them")
{
  fs::remove_all(kTmp);
  const auto r = bcssim("validate --set platform.nodes=16 " + kDefault);
  CHECK(r.code == 0);
  const auto run =
      bcssim("run --set 'microbench.paths=[\"elan-elan\"]' --log root.thres:critical " + kDefault +
             " --set microbench.distance=false --set microbench.bidirectional=false --out " + (kTmp / "o").string());
  CHECK(run.code == 0);
  CHECK(fs::exists(kTmp / "o" / "summary.json"));
  fs::remove_all(kTmp);
}

TEST_CASE("a mistyped subcommand, option, sweep key, job key or choice gets a \"did you mean\"")
{
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run --frce " + kDefault, "error: no option '--frce' for 'bcssim run' (did you mean '--force'?)"},
      {"workload generat", "error: no subcommand 'generat' of 'bcssim workload' (did you mean 'generate'?)"},
      {"version", "error: no subcommand 'version' of 'bcssim' (did you mean '--version'?)"},
      {"rnu " + kDefault, "error: no subcommand 'rnu' of 'bcssim' (did you mean 'run'?)"},
      {"validate " + kDefault + " --set 'sweep.app.procesess=[2]'", "(did you mean 'app.processes'?)"},
      {"validate " + kDefault + " --set platform.preset=asciq",
       "platform.preset = \"asciq\": expected one of: crescendo, wolverine, accelerando, asci-q (did you mean "
       "'asci-q'?)"},
      {"validate " + kDefault +
           " --set kind=workload --set 'workload.jobs=[{\"sumbit\":\"1s\",\"app\":{\"name\":"
           "\"synthetic\",\"processes\":2}}]'",
       "workload.jobs[0].sumbit = \"1s\": expected no such key in a job (did you mean 'submit'?)"},
  };
  for (const auto& entry : cases) {
    const auto& args = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& said = std::get<1>(entry);
    CAPTURE(args);
    const auto r = bcssim(args);
    CHECK(r.code == 2);
    CHECK(r.output.find(said) != std::string::npos);
  }
  CHECK(bcssim("--version").code == 0);
  CHECK(bcssim("run --help").code == 0);
}

TEST_CASE("an erroneous MPI trace is exit 2 on both MPIs with the same message; a run of microseconds plots")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string head = "0 init\n1 init\n", tail = "0 finalize\n1 finalize\n";
  const std::vector<std::pair<std::string, std::string>> traces = {
      {head + "0 barrier\n1 bcast 10 0\n" + tail, "expected rank 1's collective number 1 to be what every rank"},
      {head + "0 send 1 0 100\n1 recv 0 0 10\n" + tail, "MPI_ERR_TRUNCATE"},
      {head + "0 send 1 0 10\n" + tail, "expected a send that rank 1 receives"},
      {head + "0 comm_size 8\n" + tail, "expected the size of MPI_COMM_WORLD, 2"},
      {head + tail + "0 barrier\n1 barrier\n", "expected no action of rank 0 after its finalize"},
  };
  const std::string replay = std::string(BCSSIM_SOURCE_DIR) +
                             "/scenarios/replay-example.json --set app.processes=2"
                             " --set compare=false --set 'sweep.replay.compute_scale=[1]'";
  for (std::size_t i = 0; i < traces.size(); ++i) {
    const fs::path trace = kTmp / ("t" + std::to_string(i) + ".txt");
    std::ofstream(trace) << traces[i].first;
    std::string said;
    for (const std::string mpi : {"quadrics", "bcs"}) {
      CAPTURE(traces[i].first);
      CAPTURE(mpi);
      const auto r = bcssim("run " + replay + " --set mpi=" + mpi + " --set replay.trace=" + trace.string() +
                            " --out " + (kTmp / "o").string());
      CHECK(r.code == 2);
      CHECK(r.output.find(traces[i].second) != std::string::npos);
      CHECK(r.output.find(trace.string() + ":") != std::string::npos);
      if (said.empty())
        said = r.output;
      CHECK(r.output == said);
      CHECK(!fs::exists(kTmp / "o"));
    }
  }
  // A run of 1 us: its time plot's range is not empty (gnuplot refused "[-0.0000:0.0000]" with exit 1).
  std::ofstream(kTmp / "short.txt") << head << "0 compute 1000\n" << tail;
  const auto ok = bcssim("run " + replay + " --set replay.trace=" + (kTmp / "short.txt").string() + " --out " +
                         (kTmp / "short").string());
  CHECK(ok.code == 0);
  CHECK(fs::file_size(kTmp / "short" / "time.png") > 0);
  fs::remove_all(kTmp);
}

TEST_CASE("--out and merge folders a user got wrong are exit 2 naming them, never a raw filesystem error")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "userfile") << "the user's";
  std::ofstream(kTmp / "st.json") << R"({"name": "st", "kind": "microbench", "sweep": {"platform.nodes": [2, 4]},
    "microbench": {"paths": ["elan-elan"], "sizes": ["0B"], "bidirectional": false, "distance": false}})";
  const std::string st = (kTmp / "st.json").string();
  const std::string in_tmp = "cd " + kTmp.string() + " && " + exe() + " ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run " + st + " --out userfile/sub", "--out = userfile/sub: expected a folder path; userfile is a file"},
      {"run " + st + " --out ''", "--out = \"\": expected a results folder path (without --out: out/<scenario name>)"},
      {"sweep " + st + " --emit-jobs --out ''", "--out = \"\": expected a results folder path"},
      {"run " + st + " --out . --force", "--out = .: expected a folder other than the working directory and the "
                                         "folders holding it"},
      {"workload generate --jobs 2 --out /nonexistent-bcssim/x", "--out = /nonexistent-bcssim/x: expected a file in "
                                                                 "an existing folder; /nonexistent-bcssim is not one"},
      {"workload generate --jobs 2 --out ''", "--out = \"\": expected the path of the SWF file to write"},
      {"workload generate --jobs 2 --seed -1", "--seed: expected a whole number from 0 to 2^64 - 1, not -1"},
      {"workload generate --jobs 2 --seed 18446744073709551616", "not 18446744073709551616"},
  };
  for (const auto& entry : cases) {
    const auto& args = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& said = std::get<1>(entry);
    CAPTURE(args);
    const auto r = run_shell(in_tmp + args + " 2>&1");
    CHECK(r.code == 2);
    CHECK(r.output.find(said) != std::string::npos);
  }
  CHECK(slurp(kTmp / "userfile") == "the user's");

  // merge: a missing point, an extra one, a corrupt summary.json, a garbage digest.
  const fs::path m = kTmp / "m";
  REQUIRE(run_shell(in_tmp + "run st.json --point 0 --out m/points/0000 -q").code == 0);
  auto merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("folder = m: expected every point of the study (points/0000 to points/0001); "
                           "points/0001 is missing") != std::string::npos);
  REQUIRE(run_shell(in_tmp + "run st.json --point 1 --out m/points/0001 -q").code == 0);
  fs::copy(m / "points" / "0001", m / "points" / "0002", fs::copy_options::recursive);
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("points/0002 is not one of them") != std::string::npos);
  fs::remove_all(m / "points" / "0002");
  const std::string summary = slurp(m / "points" / "0001" / "summary.json");
  std::ofstream(m / "points" / "0001" / "summary.json") << "{garbage";
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/summary.json = (unreadable): expected a point's summary.json") !=
        std::string::npos);
  const auto at = summary.find("\"digest\": \"") + 11;
  std::ofstream(m / "points" / "0001" / "summary.json") << summary.substr(0, at) << "zz" << summary.substr(at + 2);
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("summary.json: digest = \"zz") != std::string::npos);
  std::ofstream(m / "points" / "0001" / "summary.json") << summary;
  // A point's runs.csv with a damaged row, its digest file other than its summary's, its runs.csv gone or empty:
  // each named, exit 2, and never merged into a study. An edit is told by the hashes the point's manifest records
  // (issue 67 item 7); a point of a bcssim before those hashes, by its rows and its digest.
  const std::string runs = slurp(m / "points" / "0001" / "runs.csv");
  const std::string manifest = slurp(m / "points" / "0001" / ".bcssim-manifest");
  const std::string again = "run that point again: `bcssim run <scenario> --point 1 --out m/points/0001 --force`";
  std::ofstream(m / "points" / "0001" / "runs.csv", std::ios::app) << "garbage\n";
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/runs.csv = (edited since the point's run wrote it): expected the file as "
                           "bcssim wrote it, whose XXH3-128 the point's .bcssim-manifest records; " +
                           again) != std::string::npos);
  drop_data_hashes(m / "points" / "0001");
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("points/0001/runs.csv:" + std::to_string(std::count(runs.begin(), runs.end(), '\n') + 1) +
                           " = garbage: expected a row of 9 cells like its header") != std::string::npos);
  std::ofstream(m / "points" / "0001" / "runs.csv") << runs;
  const std::string digest = slurp(m / "points" / "0001" / "digest");
  std::ofstream(m / "points" / "0001" / "digest") << "zz\n";
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("points/0001/digest = zz") != std::string::npos);
  std::ofstream(m / "points" / "0001" / "digest") << digest;
  std::ofstream(m / "points" / "0001" / ".bcssim-manifest") << manifest;
  fs::remove(m / "points" / "0001" / "runs.csv");
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/runs.csv = (missing): expected the table the point's run writes, a header "
                           "and its rows; " +
                           again) != std::string::npos);
  std::ofstream(m / "points" / "0001" / "runs.csv"); // empty (issue 67 item 7: a raw exit 1)
  merged = run_shell(in_tmp + "merge st.json m 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/runs.csv = (empty): expected the table the point's run writes") !=
        std::string::npos);
  std::ofstream(m / "points" / "0001" / "runs.csv") << runs;
  CHECK(run_shell(in_tmp + "merge st.json m 2>&1").code == 0);
  // A point's figures edited, its digest left as it was (app.time_s = -5 merged with exit 0): refused, named.
  REQUIRE(run_shell(in_tmp + "run st.json --point 1 --force --out m/points/0001 -q").code == 0);
  auto edited = nlohmann::json::parse(slurp(m / "points" / "0001" / "summary.json"));
  edited["simulated_time_ns"] = 5;
  std::ofstream(m / "points" / "0001" / "summary.json") << edited.dump(2) << "\n";
  merged = run_shell(in_tmp + "merge st.json m --force 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/summary.json = (edited since the point's run wrote it)") !=
        std::string::npos);
  // ... also with only its own hash taken out of the manifest, the others' kept (hostile pass of issue 67, F2: then
  // merged with exit 0, a headline of "run time -5 s"); with every hash taken out, it is a bcssim's before hashes.
  {
    std::istringstream in(slurp(m / "points" / "0001" / ".bcssim-manifest"));
    std::string kept;
    for (std::string line; std::getline(in, line);)
      kept += (line.rfind("summary.json\t", 0) == 0 ? std::string("summary.json") : line) + "\n";
    std::ofstream(m / "points" / "0001" / ".bcssim-manifest") << kept;
  }
  merged = run_shell(in_tmp + "merge st.json m --force 2>&1");
  CHECK(merged.code == 2);
  CHECK(merged.output.find("m/points/0001/summary.json = (edited since the point's run wrote it)") !=
        std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("an --out bcssim cannot make, or a name too long for a folder, is exit 2 naming it, not exit 1")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  fs::create_symlink("loop2", kTmp / "loop1");
  fs::create_symlink("loop1", kTmp / "loop2");
  const std::string in_tmp = "cd " + kTmp.string() + " && " + exe() + " ";
  const std::string st = kDefault;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"run " + st + " --out loop1/x", "--out = loop1/x: expected a folder bcssim can create and write, with its "
                                       "parent: Too many levels of symbolic links"},
      {"run " + st + " --out " + std::string(300, 'a'), "expected a folder bcssim can create and write, with its "
                                                        "parent: File name too long"},
      {"run " + st + " --out /proc/bcssim-x", "--out = /proc/bcssim-x: expected a folder bcssim can create and "
                                              "write"},
      {"validate " + st + " --set name=" + std::string(201, 'n'), "expected at most 200 characters (it names the "
                                                                  "results folder), not 201"},
  };
  for (const auto& entry : cases) {
    const auto& args = std::get<0>(entry);
    const auto& said = std::get<1>(entry);
    CAPTURE(args);
    const auto r = run_shell(in_tmp + args + " 2>&1");
    CHECK(r.code == 2);
    CHECK(r.output.find(said) != std::string::npos);
  }
  CHECK(run_shell(in_tmp + "validate " + st + " --set name=" + std::string(200, 'n')).code == 0);
  fs::remove_all(kTmp);
}

TEST_CASE("sweep --emit-jobs refuses a line break in anything it writes into its commands: no injected command")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string st = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/synthetic-barrier.json";
  const std::string evil = (kTmp / "y").string() + "\ntouch " + (kTmp / "PWNED").string() + " #";
  for (const std::string format : {"commands", "slurm"}) {
    CAPTURE(format);
    const auto r = run_shell(exe() + " sweep --emit-jobs " + st + " --format " + format + " --out '" + evil + "' > " +
                             (kTmp / "jobs.sh").string() + " 2>&1");
    CHECK(r.code == 2);
    const std::string said = slurp(kTmp / "jobs.sh");
    CHECK(said.find("--out = " + (kTmp / "y").string() + "\\ntouch ") != std::string::npos);
    CHECK(said.find("expected no control character (newline, tab, ...)") != std::string::npos);
    CHECK(run_shell("sh " + (kTmp / "jobs.sh").string() + " >/dev/null 2>&1; true").code == 0);
    CHECK_FALSE(fs::exists(kTmp / "PWNED"));
  }
  // bcssim's own path is quoted like every other word.
  const auto ok = run_shell(exe() + " sweep --emit-jobs " + st + " --out " + (kTmp / "ok").string());
  REQUIRE(ok.code == 0);
  CHECK(ok.output.find("&& '" + exe() + "' run ") != std::string::npos);
  fs::remove_all(kTmp);
}

TEST_CASE("a sweep whose point is bad input at run time keeps nothing: no results, no finished points to resume")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  const std::string st = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/paper/synthetic-barrier.json";
  const auto r = bcssim("run " + st +
                        " --set 'sweep.synthetic.granularity=[\"1ms\",\"2ms\"]' --set app.processes=2 "
                        "--set compare=false --set mpi=bcs --set synthetic.pattern=exchange "
                        "--set bcs.runtime.slice=20us --jobs 1 -q --out " +
                        (kTmp / "ss").string());
  CHECK(r.code == 2);
  CAPTURE(r.output);
  CHECK(fs::is_empty(kTmp)); // neither ss/ nor ss.partial/ (it kept point 0 and the failed point's folder)

  // A chain of computations each within the limit of simulated time, together past it: exit 2 as in a single run
  // (a point reported it as a run failure, exit 1).
  std::ofstream chain(kTmp / "chain.txt");
  chain << "0 init\n1 init\n0 compute 3e18\n0 send 1 0 8\n1 recv 0 0 8\n1 compute 3e18\n0 finalize\n1 finalize\n";
  chain.close();
  const std::string replay = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/replay-example.json";
  const auto past = bcssim("run " + replay + " --set replay.trace=" + (kTmp / "chain.txt").string() +
                           " --set app.processes=2 --set compare=false --set 'sweep.replay.compute_scale=[1,1.1]' "
                           "--jobs 1 -q --out " +
                           (kTmp / "past").string());
  CHECK(past.code == 2);
  CHECK(past.output.find("simulated time = 6000000000") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "past"));
  CHECK_FALSE(fs::exists(kTmp / "past.partial"));
  fs::remove_all(kTmp);
}

TEST_CASE("errors name what the user wrote: a --point past 2^63, a linked sweep's value, a single value of a list")
{
  const auto huge = bcssim("run " + kDefault + " --point 99999999999999999999 --out " + (kTmp / "p").string());
  CHECK(huge.code == 2);
  CHECK(huge.output.find("--point = 99999999999999999999: expected a point of the study, 0 to 0") != std::string::npos);
  CHECK(bcssim("run " + kDefault + " --point -1 --out " + (kTmp / "p").string())
            .output.find("--point = \"-1\": expected a point of the study, 0 to 0") != std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "p"));
  // The value's place in the file: the linked key as written, the tuple, then the path's place in it.
  const auto linked =
      bcssim("validate " + kDefault + " --set 'sweep.platform.nodes + app.processes=[[4,2],[8,\"x\"]]'");
  CHECK(linked.code == 2);
  CHECK(linked.output.find("sweep.platform.nodes + app.processes[1][1] = \"x\": expected an integer") !=
        std::string::npos);
  const auto plain = bcssim("validate " + kDefault + " --set 'sweep.platform.nodes=[4,1]'");
  CHECK(plain.output.find("sweep.platform.nodes[1] = 1: expected an integer in [2, ") != std::string::npos);
  // One cable length stands for every level: a bad one is not "expected a list".
  const auto cable = bcssim("validate " + kDefault + " --set platform.tree.cable_length=-1");
  CHECK(cable.code == 2);
  CHECK(cable.output.find("platform.tree.cable_length = -1: expected a length as a string with a unit, such as "
                          "\"10m\" (units: m, cm, mm, km) in [0m, 1km], or a list of such values") !=
        std::string::npos);
}
