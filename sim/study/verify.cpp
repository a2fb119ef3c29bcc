#include "sim/study/verify.hpp"
#include "base/input_file.hpp"

#include "sim/config/json_limits.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/output/signals.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

namespace bcssim::sim {
namespace {

struct Golden {
  std::string scenario; // relative to the digests file's folder
  std::string digest;
  long point = -1;               // a sample: the study's point it runs (-1: the whole scenario)
  std::vector<std::string> sets; // a sample's --set overrides
};

bool is_digest(const std::string& d)
{
  return d.size() == 16 && d.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The golden rows of `file`, read by `option` (--digests or --samples): the header `header` (scenario,digest; or
// scenario,point,sets,digest for one point of a study run with its sets), then one row per check. A file of
// something else, or one without a row, would pass while checking nothing: both are errors.
std::vector<Golden> read_golden(const std::filesystem::path& file, const std::string& option, const std::string& header)
{
  const bool samples = header == "scenario,point,sets,digest";
  const std::string row_format = samples ? "scenario,point,sets,digest (a path relative to the file, a point number, "
                                           "path=value overrides separated by spaces, 16 hex digits)"
                                         : "scenario,digest (a path relative to the file, then 16 hex digits)";
  std::ifstream in = base::input_file(file, std::ios::in);
  if (!in)
    throw ScenarioError(option, file.string(),
                        "a readable CSV file of " + header + " rows" +
                            (std::filesystem::exists(file) ? std::string()
                                                           : "; none exists there (the default is relative to the "
                                                             "working directory: run from the repository, or give " +
                                                                 option + ")"));
  std::vector<Golden> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (number == 1) {
      if (line != header)
        throw ScenarioError(fmt::format("{} {} line 1", option, file.string()), "\"" + escape_invalid_utf8(line) + "\"",
                            "the header " + header);
      continue;
    }
    if (line.empty())
      continue;
    const std::vector<std::string> f = report::split_csv_line(line);
    Golden g;
    bool ok = f.size() == (samples ? 4u : 2u) && !f[0].empty() && is_digest(f.back());
    if (ok && samples) {
      ok = !f[1].empty() && f[1].size() < 10 && f[1].find_first_not_of("0123456789") == std::string::npos;
      if (ok)
        g.point = std::stol(f[1]);
      for (const std::string& set : report::split(f[2], ' '))
        if (!set.empty())
          g.sets.push_back(set);
    }
    if (!ok)
      throw ScenarioError(fmt::format("{} {} line {}", option, file.string(), number), escape_invalid_utf8(line),
                          row_format);
    g.scenario = f[0];
    g.digest = f.back();
    rows.push_back(std::move(g));
  }
  if (rows.empty())
    throw ScenarioError(option, file.string(), "a CSV file with the header " + header + " and at least one row");
  return rows;
}

// `scenario` as digests.csv names it: relative to the file's folder, with forward slashes.
std::string key_of(const std::filesystem::path& scenario, const std::filesystem::path& digests)
{
  const auto base = std::filesystem::weakly_canonical(std::filesystem::absolute(digests).parent_path());
  return std::filesystem::weakly_canonical(std::filesystem::absolute(scenario))
      .lexically_relative(base)
      .generic_string();
}

// The temporary folder a `bcssim run --out folder` of process `pid` makes for itself (results_dir.hpp).
std::filesystem::path own_folder(const std::filesystem::path& folder, pid_t pid)
{
  std::filesystem::path own = folder;
  own += ".tmp-" + std::to_string(pid);
  return own;
}

// Starts `bcssim run scenario --out folder --jobs N` (a sample: with --point and its --set overrides) in a child
// process (its output discarded); its pid.
pid_t start_child(const std::filesystem::path& scenario, const Golden& golden, const std::filesystem::path& folder,
                  unsigned jobs)
{
  const std::string program = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<std::string> args = {program,         "run",    scenario.string(),   "--out",
                                   folder.string(), "--jobs", std::to_string(jobs)};
  if (golden.point >= 0) {
    args.insert(args.end(), {"--point", std::to_string(golden.point)});
    for (const std::string& set : golden.sets)
      args.insert(args.end(), {"--set", set});
  }
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(nullptr);
  stop_if_interrupted(); // no new run once a signal is being handled
  const pid_t parent = ::getpid();
  // Held until the child and its own folder are registered: a signal's handler, which waits for it, then stops the
  // child and removes that folder too, should the child be killed before it could (a loaded machine).
  const auto lock = cleanup_lock();
  const pid_t pid = ::fork();
  if (pid < 0)
    throw std::runtime_error("fork failed");
  if (pid == 0) {
    child_after_fork(parent, SIGTERM); // the run cleans up after itself when verify dies
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0)
      ::dup2(null, 1);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  register_child(pid);
  register_temp(own_folder(folder, pid));
  return pid;
}

// One check's run: its temporary results folder, and what came of it.
struct Run {
  std::filesystem::path tmp;
  std::filesystem::path own;                   // the child's own temporary folder, <tmp>.tmp-<its pid>
  std::chrono::steady_clock::time_point start; // shown to the user only, never in results
  double wall = 0;
  int code = -1; // the child's exit code; -1 while it runs
  std::string digest;
};

// Removes `tmp`, the child's own temporary folder (<tmp>.tmp-<its pid>) and a study's finished points
// (<tmp>.partial), which stay when it was killed: the names carry this process's pid and the check's index, so
// every folder of that prefix is this run's.
void remove_run_folders(const std::filesystem::path& tmp)
{
  std::filesystem::path partial = tmp;
  partial += ".partial";
  const auto lock = cleanup_lock();
  std::error_code ec;
  std::filesystem::remove_all(tmp, ec);
  const std::string prefix = tmp.filename().string() + ".";
  for (const auto& entry : std::filesystem::directory_iterator(tmp.parent_path(), ec))
    if (entry.path().filename().string().rfind(prefix, 0) == 0)
      std::filesystem::remove_all(entry.path(), ec);
  unregister_temp(tmp);
  unregister_temp(partial);
}

// A verify killed with SIGKILL cannot remove its folders: the next one removes those whose verify is gone
// (bcssim-verify-<pid>-<check>[.partial, .tmp-<child>], <pid> no longer a process).
void remove_stale_run_folders()
{
  std::error_code ec;
  const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
  if (ec)
    return;
  const std::string prefix = "bcssim-verify-";
  for (const auto& entry : std::filesystem::directory_iterator(tmp, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0)
      continue;
    const std::size_t digits = name.find_first_not_of("0123456789", prefix.size());
    if (digits == prefix.size() || digits == std::string::npos || name[digits] != '-' || digits - prefix.size() > 9)
      continue;
    const pid_t owner = pid_t(std::stol(name.substr(prefix.size(), digits - prefix.size())));
    if (owner != ::getpid() && ::kill(owner, 0) != 0 && errno == ESRCH)
      std::filesystem::remove_all(entry.path(), ec);
  }
}

} // namespace

int verify(const VerifyOptions& options, std::ostream& out)
{
  remove_stale_run_folders();
  const std::filesystem::path& file = options.sample ? options.samples : options.digests;
  const std::vector<Golden> golden = options.sample ? read_golden(file, "--samples", "scenario,point,sets,digest")
                                                    : read_golden(file, "--digests", "scenario,digest");
  const std::filesystem::path folder = std::filesystem::absolute(file).parent_path();
  // What to check: every row, or the rows of the scenarios named (a scenario may have several samples).
  std::vector<std::string> names;
  for (const std::string& s : options.scenarios) {
    if (!std::filesystem::is_regular_file(s))
      throw ScenarioError("scenarios", "\"" + s + "\"", "an existing scenario file");
    names.push_back(key_of(s, file));
  }
  std::vector<const Golden*> checks;
  int failures = 0;
  for (const Golden& g : golden)
    if (names.empty() || std::find(names.begin(), names.end(), g.scenario) != names.end())
      checks.push_back(&g);
  for (const std::string& name : names)
    if (std::none_of(golden.begin(), golden.end(), [&](const Golden& g) { return g.scenario == name; })) {
      out << fmt::format("NO GOLDEN  {}: not in {}\n", name, file.string());
      ++failures;
    }

  // Up to --jobs runs at once, each a child with an equal share of the cores (one each when there are at least as
  // many checks as jobs: a study's straggling points and single-point scenarios then leave no core idle). Lines
  // are printed in the order of the checks, each once it and those before it have ended.
  const std::size_t slots = std::max<std::size_t>(1, std::min<std::size_t>(options.jobs, checks.size()));
  const unsigned child_jobs = std::max(1u, unsigned(options.jobs / slots));
  std::vector<Run> runs(checks.size());
  std::map<pid_t, std::size_t> running;
  std::size_t next = 0, printed = 0;
  auto print_ended = [&] {
    for (; printed < checks.size() && runs[printed].code >= 0; ++printed) {
      const Golden* expected = checks[printed];
      const Run& r = runs[printed];
      const std::string key = expected->point < 0 ? expected->scenario
                                                  : fmt::format("{} point {} ({})", expected->scenario, expected->point,
                                                                fmt::join(expected->sets, " "));
      if (r.code != 0) {
        out << fmt::format("FAILED     {}: bcssim run exited with {} ({:.1f} s)\n", key, r.code, r.wall);
        ++failures;
      } else if (r.digest != expected->digest) {
        out << fmt::format("MISMATCH   {}: digest {}, golden {} ({:.1f} s)\n", key, r.digest, expected->digest, r.wall);
        ++failures;
      } else {
        out << fmt::format("match      {}: {} ({:.1f} s)\n", key, r.digest, r.wall);
      }
      out.flush();
    }
  };
  while (next < checks.size() || !running.empty()) {
    while (running.size() < slots && next < checks.size()) {
      Run& r = runs[next];
      r.tmp = std::filesystem::temp_directory_path() / fmt::format("bcssim-verify-{}-{}", ::getpid(), next);
      std::filesystem::path partial = r.tmp; // where a study keeps its finished points (partial_points.hpp)
      partial += ".partial";
      {
        const auto lock = cleanup_lock();
        register_temp(r.tmp); // a signal removes it
        register_temp(partial);
        std::filesystem::remove_all(r.tmp);
      }
      r.start = std::chrono::steady_clock::now();
      const pid_t child = start_child(folder / checks[next]->scenario, *checks[next], r.tmp, child_jobs);
      r.own = own_folder(r.tmp, child);
      running[child] = next;
      ++next;
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    stop_if_interrupted();
    if (pid < 0)
      throw std::runtime_error("waitpid failed");
    unregister_child(pid);
    const auto it = running.find(pid);
    if (it == running.end())
      continue; // not a run of ours
    Run& r = runs[it->second];
    running.erase(it);
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - r.start).count();
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (r.code == 0) // a sample's point too: --out names its own folder
      std::ifstream(r.tmp / "digest") >> r.digest;
    remove_run_folders(r.tmp);
    {
      const auto lock = cleanup_lock();
      unregister_temp(r.own);
    }
    print_ended();
  }
  return failures;
}

} // namespace bcssim::sim
