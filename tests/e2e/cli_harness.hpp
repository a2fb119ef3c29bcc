#pragma once
// What the end-to-end tests share: the CLI as a user runs it, a subprocess per call.
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

namespace e2e {
struct Outcome {
  int code;
  std::string output; // stdout and stderr
};

// BCSSIM_E2E_EXE runs the tests against another binary (e.g. an older build, to see a new test fail there).
inline std::string exe()
{
  const char* other = std::getenv("BCSSIM_E2E_EXE");
  return other != nullptr && *other != '\0' ? other : BCSSIM_EXE;
}

/// A shell command line's exit code (128 + the signal when one killed it, as a shell reports it) and its output
/// (stdout, and stderr if the line redirects it).
inline Outcome run_shell(const std::string& line)
{
  FILE* pipe = ::popen(line.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr)
    out += buf.data();
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
}

inline Outcome bcssim(const std::string& args) { return run_shell(exe() + " " + args + " 2>&1"); }

inline std::string slurp(const fs::path& p)
{
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A CSV results file (jobs.csv, launch_study.csv ...) as rows of named columns.
inline std::vector<std::map<std::string, std::string>> read_csv(const fs::path& file)
{
  std::istringstream in(slurp(file));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream h(line); std::getline(h, line, ',');)
    header.push_back(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    std::map<std::string, std::string> row;
    std::istringstream cells(line);
    for (const std::string& name : header) {
      std::string cell;
      std::getline(cells, cell, ',');
      row[name] = cell;
    }
    rows.push_back(row);
  }
  return rows;
}

/// The digest a run wrote into `results` is the golden one of `scenario` (its path under scenarios/) in
/// scenarios/digests.csv.
inline void check_golden_digest(const std::string& scenario, const fs::path& results)
{
  const std::string digest = slurp(results / "digest");
  const std::string golden = slurp(std::string(BCSSIM_SOURCE_DIR) + "/scenarios/digests.csv");
  CHECK_MESSAGE(golden.find(scenario + "," + digest.substr(0, 16)) != std::string::npos,
                "digest " << digest << " of " << scenario
                          << " is not the golden one in scenarios/digests.csv; if "
                             "the model changed on purpose, update that file");
}

/// Makes the results folder `results` (a study's point) one of a bcssim before the manifest recorded the hashes of
/// its data files (gnuplot scripts keep theirs): a test may then edit its summary.json or runs.csv as such an older
/// point would differ, and merge reads them unchecked.
inline void drop_data_hashes(const fs::path& results)
{
  std::istringstream in(slurp(results / ".bcssim-manifest"));
  std::string kept;
  for (std::string line; std::getline(in, line);) {
    const std::string entry = line.substr(0, line.find('\t'));
    kept += (entry.size() > 3 && entry.compare(entry.size() - 3, 3, ".gp") == 0 ? line : entry) + "\n";
  }
  std::ofstream(results / ".bcssim-manifest") << kept;
}

/// A rank file of a trace folder (`ranks/rank-<r>.txt`, as `bcssim record` and `bcssim convert` write it): its
/// lines but the computation and comments, and the sum of its computation's flops.
struct RankTrace {
  std::vector<std::string> calls;
  double flops = 0;
};
inline RankTrace read_rank_trace(const fs::path& folder, int rank)
{
  std::ifstream in(folder / "ranks" / ("rank-" + std::to_string(rank) + ".txt"));
  const std::string compute = std::to_string(rank) + " compute ";
  RankTrace t;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(compute, 0) == 0)
      t.flops += std::stod(line.substr(compute.size()));
    else if (!line.empty() && line[0] != '#')
      t.calls.push_back(line);
  }
  return t;
}

inline const std::string kDefault = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/default.json";
/// The tests' scratch folder, one per test process: two suites running at once (a clone's ./test.sh beside a
/// developer's run) would otherwise delete each other's files.
inline fs::path scratch(const std::string& name)
{
  return fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}
inline const fs::path kTmp = scratch("bcssim-e2e");
/// Removes kTmp when the test process ends, so tests that leave it (the recorder's) fill no /tmp: 126 such folders
/// had gathered on the development machine. Destroyed before kTmp (declared after it).
inline const struct ScratchRemoval {
  ~ScratchRemoval()
  {
    std::error_code ignored;
    fs::remove_all(kTmp, ignored);
  }
} kScratchRemoval;
} // namespace e2e
