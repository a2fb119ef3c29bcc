#include "sim/study/verify.hpp"

#include "sim/config/json_limits.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/signals.hpp"

#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_study_verify, "sim.study.verify: `bcssim verify`: the determinism regression");

namespace bcssim::sim {
namespace {

struct Golden {
  std::string scenario; // relative to the digests file's folder
  std::string digest;
};

std::vector<Golden> read_digests(const std::filesystem::path& file)
{
  std::ifstream in(file);
  if (!in)
    throw ScenarioError("--digests", file.string(), "a readable CSV file of scenario,digest rows");
  std::vector<Golden> rows;
  std::string line;
  const std::string row_format = "scenario,digest (a path relative to the file, then 16 hex digits)";
  for (int number = 1; std::getline(in, line); ++number) {
    if (number == 1) { // the header: a file of something else checks nothing
      if (line != "scenario,digest")
        throw ScenarioError(fmt::format("--digests {} line 1", file.string()), "\"" + escape_invalid_utf8(line) + "\"",
                            "the header scenario,digest");
      continue;
    }
    if (line.empty())
      continue;
    const auto comma = line.find(',');
    const std::string digest = comma == std::string::npos ? "" : line.substr(comma + 1);
    if (comma == std::string::npos || comma == 0 || digest.size() != 16 ||
        digest.find_first_not_of("0123456789abcdef") != std::string::npos)
      throw ScenarioError(fmt::format("--digests {} line {}", file.string(), number), escape_invalid_utf8(line),
                          row_format);
    rows.push_back({line.substr(0, comma), digest});
  }
  if (rows.empty()) // nothing to compare would pass while checking nothing
    throw ScenarioError("--digests", file.string(),
                        "a CSV file with the header scenario,digest and at least one scenario,digest row");
  return rows;
}

// `scenario` as digests.csv names it: relative to the file's folder, with forward slashes.
std::string key_of(const std::filesystem::path& scenario, const std::filesystem::path& digests)
{
  const auto base = std::filesystem::weakly_canonical(std::filesystem::absolute(digests).parent_path());
  return std::filesystem::weakly_canonical(std::filesystem::absolute(scenario)).lexically_relative(base)
      .generic_string();
}

// Runs `bcssim run scenario --out folder --jobs N` in a child process (its output discarded); its exit code.
int run_child(const std::filesystem::path& scenario, const std::filesystem::path& folder, unsigned jobs)
{
  const std::string program = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<std::string> args = {program, "run", scenario.string(), "--out", folder.string(), "--jobs",
                                   std::to_string(jobs)};
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
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
  int status = 0;
  const pid_t done = ::waitpid(pid, &status, 0);
  stop_if_interrupted();
  unregister_child(pid);
  if (done < 0)
    throw std::runtime_error("waitpid failed");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace

int verify(const VerifyOptions& options, std::ostream& out)
{
  const std::vector<Golden> golden = read_digests(options.digests);
  const std::filesystem::path folder = std::filesystem::absolute(options.digests).parent_path();
  std::vector<std::string> keys;
  if (options.scenarios.empty())
    for (const Golden& g : golden)
      keys.push_back(g.scenario);
  else
    for (const std::string& s : options.scenarios)
      keys.push_back(key_of(s, options.digests));

  int failures = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string& key = keys[i];
    const Golden* expected = nullptr;
    for (const Golden& g : golden)
      if (g.scenario == key)
        expected = &g;
    if (expected == nullptr) {
      out << fmt::format("NO GOLDEN  {}: not in {}\n", key, options.digests.string());
      ++failures;
      continue;
    }
    const std::filesystem::path tmp = std::filesystem::temp_directory_path() /
                                      fmt::format("bcssim-verify-{}-{}", ::getpid(), i);
    std::filesystem::path partial = tmp; // where a study keeps its finished points (partial_points.hpp)
    partial += ".partial";
    {
      const auto lock = cleanup_lock();
      register_temp(tmp); // a signal removes it
      register_temp(partial);
      std::filesystem::remove_all(tmp);
    }
    const auto start = std::chrono::steady_clock::now(); // shown to the user only, never in results
    const int code = run_child(folder / key, tmp, options.jobs);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string digest;
    if (code == 0)
      std::ifstream(tmp / "digest") >> digest;
    {
      // The child's own temporary folder (<tmp>.tmp-<its pid>) and a study's finished points (<tmp>.partial) stay
      // when it was killed: the names carry this process's pid and the scenario's index, so every folder of that
      // prefix is this run's.
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
    if (code != 0) {
      out << fmt::format("FAILED     {}: bcssim run exited with {} ({:.1f} s)\n", key, code, wall);
      ++failures;
    } else if (digest != expected->digest) {
      out << fmt::format("MISMATCH   {}: digest {}, golden {} ({:.1f} s)\n", key, digest, expected->digest, wall);
      ++failures;
    } else {
      out << fmt::format("match      {}: {} ({:.1f} s)\n", key, digest, wall);
    }
    out.flush();
  }
  return failures;
}

} // namespace bcssim::sim
