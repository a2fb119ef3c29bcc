// The process side: signals, sweep children, memory limits.
#include "cli_harness.hpp"

using namespace e2e;

namespace {
// bcssim started in the background (output discarded): its pid.
pid_t spawn(const std::string& args, const std::string& env = "")
{
  const std::string cmd = env + " exec " + exe() + " " + args + " >/dev/null 2>&1";
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
  // Points that would run for hours (run_bounds = false: validation would refuse them).
  std::ofstream(kTmp / "long.json") << R"({"name": "long", "kind": "app", "run_bounds": false, "platform": {"nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 1000000000},
    "sweep": {"seed": [1, 2, 3, 4]}})";
  const std::string sweep = (kTmp / "long.json").string() + " --jobs 2 --out " + (kTmp / "L").string();
  auto started = [](pid_t pid) {
    for (int i = 0; i < 1000 && children_of(pid).size() < 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return children_of(pid);
  };
  for (const auto& entry : {std::pair<int, int>{SIGTERM, 143}, {SIGINT, 130}}) {
    const auto& sig = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& code = std::get<1>(entry);
    CAPTURE(sig);
    const pid_t parent = spawn("run " + sweep);
    const auto points = started(parent);
    REQUIRE(points.size() == 2);
    // Both points are writing into their temporary folders, L.partial/points/000N.tmp-<pid>.
    const fs::path kept = kTmp / "L.partial" / "points";
    auto writing = [&] {
      std::size_t n = 0;
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(kept, ec))
        n += e.path().filename().string().find(".tmp-") != std::string::npos;
      return n;
    };
    for (int i = 0; i < 1000 && writing() < 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(writing() == 2);
    ::kill(parent, sig); // the parent only, as `kill` does
    const auto [exit_code, seconds] = wait_exit(parent);
    CHECK(exit_code == code);
    CHECK(seconds < 1.0);
    CHECK(all_gone_within(points, std::chrono::milliseconds(500)));
    CHECK_FALSE(temp_left(kTmp));
    CHECK_FALSE(temp_left(kept)); // the points' temporary folders too, not only at the next run (issue 67 item 7)
    CHECK_FALSE(fs::exists(kTmp / "L"));
  }
  { // A single run.
    const pid_t run =
        spawn("run " + (kTmp / "long.json").string() + " --set 'sweep.seed=[1]' --out " + (kTmp / "S").string());
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

TEST_CASE("a signal between a point's fork and its registration still stops the point and removes its folder")
{
  // The parent holds the cleanup lock from before fork() until the point and its <folder>.tmp-<pid> are registered;
  // the test widens that instant to 1.5 s (BCSSIM_TEST_FORK_PAUSE_MS) and signals inside it, while the point is
  // already writing. (A loaded machine once left the point's folder behind: the handler ran in that instant.)
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "long.json") << R"({"name": "long", "kind": "app", "run_bounds": false, "platform": {"nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 1000000000},
    "sweep": {"seed": [1, 2]}})";
  const pid_t parent = spawn("run " + (kTmp / "long.json").string() + " --jobs 1 --out " + (kTmp / "L").string(),
                             "BCSSIM_TEST_FORK_PAUSE_MS=1500");
  const fs::path points = kTmp / "L.partial" / "points";
  auto writing = [&] {
    std::error_code ec;
    return fs::exists(points, ec) && temp_left(points);
  };
  for (int i = 0; i < 1000 && !writing(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  REQUIRE(writing()); // the point writes while its parent has not registered it yet
  const auto point = children_of(parent);
  REQUIRE(point.size() == 1);
  ::kill(parent, SIGTERM);
  const auto [exit_code, seconds] = wait_exit(parent);
  CHECK(exit_code == 143);
  CHECK(seconds < 2.5); // the rest of the widened instant, then the usual stop
  CHECK(all_gone_within(point, std::chrono::milliseconds(500)));
  CHECK_FALSE(temp_left(points));
  CHECK_FALSE(temp_left(kTmp));
  fs::remove_all(kTmp);
}

TEST_CASE("verify leaves no temporary folder when the run it started is killed")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "tmp");
  std::ofstream(kTmp / "long.json") << R"({"name": "long", "kind": "app", "run_bounds": false, "platform": {"nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 1000000000}})";
  std::ofstream(kTmp / "digests.csv") << "scenario,digest\nlong.json,0123456789abcdef\n";
  ::setenv("TMPDIR", (kTmp / "tmp").c_str(), 1); // verify's temporary folders, and its child's, go there
  const pid_t verify = spawn("verify --digests " + (kTmp / "digests.csv").string());
  ::unsetenv("TMPDIR");
  std::vector<pid_t> run;
  for (int i = 0; i < 1000 && (run.empty() || !temp_left(kTmp / "tmp")); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    run = children_of(verify);
  }
  REQUIRE(run.size() == 1);
  REQUIRE(temp_left(kTmp / "tmp")); // the run's own <folder>.tmp-<pid>
  ::kill(run[0], SIGKILL);
  CHECK(wait_exit(verify).first == 1); // "FAILED long.json: bcssim run exited with 137"
  CHECK(fs::is_empty(kTmp / "tmp"));
  fs::remove_all(kTmp);
}

TEST_CASE("verify --jobs 2 runs two scenarios side by side, and SIGTERM stops both and leaves nothing")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "tmp");
  for (const char* name : {"long1", "long2"})
    std::ofstream(kTmp / (std::string(name) + ".json"))
        << R"({"kind": "app", "run_bounds": false, "platform": {"nodes": 4}, "app": {"name": "synthetic", "processes": 8},
              "synthetic": {"pattern": "exchange", "iterations": 1000000000}})";
  std::ofstream(kTmp / "digests.csv") << "scenario,digest\nlong1.json,0123456789abcdef\nlong2.json,0123456789abcdef\n";
  ::setenv("TMPDIR", (kTmp / "tmp").c_str(), 1);
  const pid_t verify = spawn("verify --jobs 2 --digests " + (kTmp / "digests.csv").string());
  ::unsetenv("TMPDIR");
  std::vector<pid_t> runs;
  for (int i = 0; i < 1000 && runs.size() < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    runs = children_of(verify);
  }
  CHECK(runs.size() == 2); // one run per scenario, at once (before, one after the other)
  ::kill(verify, SIGTERM);
  CHECK(wait_exit(verify).first == 143);
  std::string left;
  for (const auto& entry : fs::recursive_directory_iterator(kTmp / "tmp"))
    left += entry.path().string() + "\n";
  CHECK_MESSAGE(left.empty(), left);
  fs::remove_all(kTmp);
}

TEST_CASE("a verify killed with SIGKILL leaves its folders; the next verify removes them, not another's")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp / "tmp");
  // A study: its run keeps its finished points (<tmp>.partial) when stopped, for a resume.
  std::ofstream(kTmp / "long.json")
      << R"({"kind": "app", "run_bounds": false, "platform": {"nodes": 4}, "app": {"name": "synthetic",
      "processes": 8}, "synthetic": {"pattern": "exchange"}, "sweep": {"synthetic.iterations": [1000000000, 999999999]}})";
  std::ofstream(kTmp / "digests.csv") << "scenario,digest\nlong.json,0123456789abcdef\n";
  ::setenv("TMPDIR", (kTmp / "tmp").c_str(), 1);
  const pid_t verify = spawn("verify --digests " + (kTmp / "digests.csv").string());
  std::vector<pid_t> runs;
  for (int i = 0; i < 1000 && runs.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    runs = children_of(verify);
  }
  REQUIRE(runs.size() == 1);
  // The study's .partial is what outlives the run (its staging folder goes with the run's own SIGTERM): wait for
  // it, not for the first entry (a kill while only the staging folder existed left nothing in stop 61's CI run).
  const auto partial_made = [&] {
    for (const auto& entry : fs::directory_iterator(kTmp / "tmp"))
      if (entry.path().extension() == ".partial")
        return true;
    return false;
  };
  for (int i = 0; i < 3000 && !partial_made(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(partial_made());
  ::kill(verify, SIGKILL); // no handler runs: its folders stay, and its child dies with it (PR_SET_PDEATHSIG)
  CHECK(wait_exit(verify).first == 128 + SIGKILL);
  CHECK(all_gone_within(runs, std::chrono::milliseconds(5000)));
  CHECK(partial_made());
  // A folder of a verify that still runs (this test's own pid stands for it) is not touched.
  const fs::path alive = kTmp / "tmp" / ("bcssim-verify-" + std::to_string(::getpid()) + "-0");
  fs::create_directories(alive);
  std::ofstream(kTmp / "empty.csv") << "scenario,digest\n";
  const auto r = run_shell(exe() + " verify --digests " + (kTmp / "empty.csv").string() + " 2>&1");
  ::unsetenv("TMPDIR");
  CAPTURE(r.output);
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(kTmp / "tmp"))
    left.push_back(entry.path().filename().string());
  CHECK(left == std::vector<std::string>{alive.filename().string()});
  fs::remove_all(kTmp);
}

TEST_CASE("verify prints its lines in the digests file's order, whichever run ends first")
{
  // bcs-microbench takes several times as long as default: with both at once, default ends first.
  const fs::path root(BCSSIM_SOURCE_DIR);
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "digests.csv") << "scenario,digest\n"
                                      << (root / "scenarios" / "bcs-microbench.json").string() << ",0123456789abcdef\n"
                                      << (root / "scenarios" / "default.json").string() << ",0123456789abcdef\n";
  const auto r = bcssim("verify --jobs 2 --digests " + (kTmp / "digests.csv").string());
  CHECK(r.code == 1);
  const auto first = r.output.find("bcs-microbench.json"), second = r.output.find("default.json");
  REQUIRE(first != std::string::npos);
  REQUIRE(second != std::string::npos);
  CHECK(first < second);
  fs::remove_all(kTmp);
}

TEST_CASE("under a memory limit a machine too big for it fails with exit 1 naming its size, and leaves nothing")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  // popen's shell applies the limit to bcssim alone (ulimit -v: address space, what SimGrid's stack callocs hit).
  auto run = [](const std::string& kib, const std::string& args) {
    return run_shell("ulimit -v " + kib + "; exec " + exe() + " run " + kDefault + " --set platform.preset=asci-q " +
                     args + " 2>&1");
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
  // Each actor's stack has a one-page guard: a 32-node BCS-MPI machine fits in 1 GB of address space. (A guard of
  // 4096 pages, read as bytes, reserved 16 MiB under every stack: this run needed 4.8 GB.)
  std::ofstream(kTmp / "bcs32.json") << R"({"kind": "mpi_microbench", "mpi": "bcs",
    "platform": {"preset": "crescendo", "nodes": 32},
    "mpi_microbench": {"tests": ["pingpong"], "sizes": ["16B"], "iterations": 2}})";
  const auto small = run_shell("ulimit -v 1000000; exec " + exe() + " run " + (kTmp / "bcs32.json").string() +
                               " --out " + (kTmp / "c").string() + " 2>&1");
  CHECK(small.code == 0);
  // So little address space that the machine check or an allocation outside SimGrid refuses it: a sentence, not
  // "std::bad_alloc". (Until 2026-12-06 every scenario read allocated 64 MiB first, and that allocation failed.)
  const auto tiny = run("110000", "--out " + (kTmp / "t").string());
  CHECK(tiny.code == 1);
  CHECK((tiny.output.find("not enough memory for a machine of 2048 nodes") != std::string::npos ||
         tiny.output.find("out of memory (") != std::string::npos));
  CHECK(tiny.output.find("raise the") != std::string::npos);
  CHECK(tiny.output.find("bad_alloc") == std::string::npos);
  CHECK(tiny.output.find("Backtrace") == std::string::npos);
  CHECK_FALSE(fs::exists(kTmp / "t"));
  fs::remove_all(kTmp);
}

TEST_CASE("an interrupted study keeps its finished points: the next run of it resumes, with the same digest")
{
  fs::remove_all(kTmp);
  fs::create_directories(kTmp);
  std::ofstream(kTmp / "st.json") << R"({"name": "st", "kind": "app", "platform": {"nodes": 4},
    "app": {"name": "synthetic", "processes": 8}, "synthetic": {"pattern": "exchange", "iterations": 3000},
    "sweep": {"seed": [1, 2, 3, 4, 5, 6]}, "compare": false})";
  const std::string st = (kTmp / "st.json").string();
  REQUIRE(bcssim("run " + st + " -q --out " + (kTmp / "fresh").string()).code == 0);

  const pid_t run = spawn("run " + st + " -j1 --out " + (kTmp / "R").string());
  // Interrupted once two points are whole in R.partial/points.
  auto finished = [&] {
    std::size_t n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(kTmp / "R.partial" / "points", ec))
      n += e.path().filename().string().find(".tmp-") == std::string::npos;
    return n;
  };
  for (int i = 0; i < 3000 && (!fs::exists(kTmp / "R.partial" / "points") || finished() < 2); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(run, SIGINT);
  CHECK(wait_exit(run).first == 130);
  CHECK_FALSE(fs::exists(kTmp / "R"));
  const std::size_t kept = finished();
  REQUIRE(kept >= 2);
  REQUIRE(kept < 6);
  CHECK_FALSE(temp_left(kTmp / "R.partial" / "points")); // the stopped point's folder went with it (issue 67 item 7)
  // A kept point whose figures were edited is run again, not merged (issue 67 item 7).
  const fs::path first = kTmp / "R.partial" / "points" / "0000" / "summary.json";
  auto edited = nlohmann::json::parse(slurp(first));
  edited["app"]["time_s"] = -5;
  std::ofstream(first) << edited.dump(2) << "\n";

  // Said on stderr whatever --progress and --quiet say (in a pipe, a CI log, a Slurm log): stdout is dropped here.
  const auto resumed =
      run_shell(exe() + " run " + st + " --progress never -q --out " + (kTmp / "R").string() + " 2>&1 >/dev/null");
  CHECK(resumed.code == 0);
  CHECK(resumed.output.find("resuming: " + std::to_string(kept - 1) + " of 6 points were run already") !=
        std::string::npos);
  CHECK(slurp(kTmp / "R" / "digest") == slurp(kTmp / "fresh" / "digest"));
  CHECK_FALSE(fs::exists(kTmp / "R.partial"));

  // Another binary's points are not reused.
  fs::create_directories(kTmp / "G.partial" / "points");
  fs::copy(kTmp / "fresh" / "points" / "0000", kTmp / "G.partial" / "points" / "0000", fs::copy_options::recursive);
  std::ofstream(kTmp / "G.partial" / ".bcssim-partial")
      << "bcssim partial study: the finished points of an "
         "unfinished run, reused by the next run of the same study and binary\nbinary 0123456789abcdef\ntitle G\n";
  const auto other = bcssim("run " + st + " --progress always -q --out " + (kTmp / "G").string());
  CHECK(other.code == 0);
  CHECK(other.output.find("resuming") == std::string::npos);
  CHECK(slurp(kTmp / "G" / "digest") == slurp(kTmp / "fresh" / "digest"));
  // A file bcssim did not write inside it stops the run, and stays.
  fs::create_directories(kTmp / "G.partial" / "points");
  std::ofstream(kTmp / "G.partial" / ".bcssim-partial")
      << "bcssim partial study: the finished points of an "
         "unfinished run, reused by the next run of the same study and binary\nbinary 0123456789abcdef\ntitle G\n";
  std::ofstream(kTmp / "G.partial" / "points" / "notes.txt") << "mine";
  const auto notes = bcssim("run " + st + " --force --out " + (kTmp / "G").string());
  CHECK(notes.code == 2);
  CHECK(notes.output.find("G.partial holds only what bcssim wrote; it also holds points/notes.txt") !=
        std::string::npos);
  CHECK(slurp(kTmp / "G.partial" / "points" / "notes.txt") == "mine");
  // A foreign folder of that name stops the run.
  fs::create_directories(kTmp / "F.partial");
  const auto foreign = bcssim("run " + st + " --out " + (kTmp / "F").string());
  CHECK(foreign.code == 2);
  CHECK(foreign.output.find("F.partial is bcssim's (it keeps a study's finished points there); that one is not") !=
        std::string::npos);
  fs::remove_all(kTmp);
}
