// The inputs that once made a fuzz target fail (tests/fuzz/regressions/<target>/), and its seeds, replayed
// through the same path as the target (tests/fuzz/inputs.hpp) in the ordinary build: each must now end in
// success or in the reader's bad-input error, never in another exception (under ASan + UBSan in
// scripts/sanitizer-tests.sh, never in a sanitizer report either).
#include "tests/fuzz/inputs.hpp"
#include "workloads/swf.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

const fs::path kFuzz = fs::path(BCSSIM_SOURCE_DIR) / "tests/fuzz";

// The files of `dirs` (each folder of tests/fuzz, recursively), sorted; hidden files skipped.
std::vector<fs::path> inputs(const std::vector<std::string>& dirs)
{
  std::vector<fs::path> out;
  for (const auto& d : dirs)
    if (fs::is_directory(kFuzz / d))
      for (const auto& e : fs::recursive_directory_iterator(kFuzz / d))
        if (e.is_regular_file() && e.path().filename().string().front() != '.')
          out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string contents(const fs::path& p)
{
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "ok", "bad input: <message>", or what else escaped (the test then fails naming the file).
template <class BadInput, class Run> std::string outcome(Run&& run)
{
  try {
    run();
  } catch (const BadInput& e) {
    return std::string("bad input: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("escaped: ") + e.what();
  }
  return "ok";
}

} // namespace

TEST_CASE("fuzz regressions and seeds: scenario files end in success or a ScenarioError")
{
  const fuzz::Scratch scratch("scenario-test");
  for (const fs::path& p : inputs({"regressions/scenario"})) {
    INFO(p.string());
    CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_scenario(scratch, contents(p)); }).rfind("escaped", 0) ==
          std::string::npos);
  }
}

TEST_CASE("fuzz regressions and seeds: --set lines end in success or a ScenarioError")
{
  const std::string base = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/default.json";
  const auto files = inputs({"seeds/set", "regressions/set"});
  CHECK(files.size() >= 7);
  for (const fs::path& p : files) {
    INFO(p.string());
    CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_sets(base, contents(p)); }).rfind("escaped", 0) ==
          std::string::npos);
  }
}

TEST_CASE("fuzz regressions and seeds: traces end in success or a ParamRuleError on replay.trace")
{
  const fuzz::Scratch scratch("trace-test");
  const auto files = inputs({"seeds/trace", "regressions/trace"});
  CHECK(files.size() >= 3);
  for (const fs::path& p : files) {
    INFO(p.string());
    CHECK(outcome<base::ParamRuleError>([&] { fuzz::run_trace(scratch, contents(p)); }).rfind("escaped", 0) ==
          std::string::npos);
  }
  // The seeds' index traces are read as traces, not refused by the harness: all-actions' four ranks parse.
  CHECK(outcome<base::ParamRuleError>(
            [&] { fuzz::run_trace(scratch, contents(kFuzz / "seeds/trace/index-4-ranks")); }) == "ok");
}

TEST_CASE("fuzz regressions and seeds: SWF workloads end in success or a ScenarioError")
{
  const fuzz::Scratch scratch("swf-test");
  const auto files = inputs({"seeds/swf", "regressions/swf"});
  CHECK(files.size() >= 3);
  for (const fs::path& p : files) {
    INFO(p.string());
    CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_swf(scratch, contents(p)); }).rfind("escaped", 0) ==
          std::string::npos);
  }
  CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_swf(scratch, contents(kFuzz / "seeds/swf/lublin-8.swf")); }) ==
        "ok");
}

TEST_CASE("fuzz regressions: each finding now gets the message its fix gives it")
{
  const fuzz::Scratch scratch("messages");
  const std::pair<const char*, const char*> expected[] = {
      // read_layout's passes past the first line met the xz stream's error: now the file is named.
      {"trace/xz-corrupt-after-first-line", "expected a readable trace file ("},
      {"trace/xz-corrupt-after-first-line", "f0: corrupt or truncated xz data"},
      // an index entry the system refuses (ENAMETOOLONG) escaped as std::filesystem::filesystem_error.
      {"trace/index-entry-name-too-long", "f0:1: \"aaaaaaaa"},
      {"trace/index-entry-name-too-long", "expected an existing rank file, a regular file (a relative path"},
      // a gzip stream cut short was read as a shorter trace (gzread does not fail at an early end of input).
      {"trace/gzip-truncated", "f0: truncated or corrupt gzip data (unexpected end of file)"},
  };
  for (const auto& entry : expected) {
    const auto& file = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& text = std::get<1>(entry);
    INFO(std::string(file));
    const std::string got =
        outcome<base::ParamRuleError>([&] { fuzz::run_trace(scratch, contents(kFuzz / "regressions" / file)); });
    CHECK(got.rfind("bad input: ", 0) == 0);
    CHECK(got.find(text) != std::string::npos);
  }

  // microbench.pair and mpi_microbench.pair given one node (a single value stands for a list of one): building
  // the kind's spec read the second with vector::at, std::out_of_range escaped before check() could say why.
  const std::string base = std::string(BCSSIM_SOURCE_DIR) + "/scenarios/default.json";
  const std::pair<const char*, const char*> sets[] = {
      {"set/microbench-pair-one-value", "microbench.pair = [55]: expected two distinct node numbers below"},
      {"set/mpi-microbench-pair-one-value", "mpi_microbench.pair = [3]: expected two distinct node numbers below"},
  };
  for (const auto& entry : sets) {
    const auto& file = std::get<0>(entry); // (named: doctest's macros capture it, clang refuses bindings)
    const auto& text = std::get<1>(entry);
    INFO(std::string(file));
    CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_sets(base, contents(kFuzz / "regressions" / file)); }) ==
          std::string("bad input: ") + text + " platform.nodes = 32");
  }
  CHECK(outcome<sim::ScenarioError>([&] {
          fuzz::run_scenario(scratch, contents(kFuzz / "regressions/scenario/microbench-pair-one-value.json"));
        }).find("bad input: microbench.pair = [3]: expected two distinct node numbers") == 0);
  // The same for a workload: an SWF cut short in its gzip stream was read as fewer jobs. Its 97 lines are cut
  // after the harness's first 64 jobs (workload.swf_jobs), which read, as a partial read does; the whole file is
  // refused.
  const std::string truncated = contents(kFuzz / "regressions/swf/gzip-truncated.swf");
  CHECK(outcome<sim::ScenarioError>([&] { fuzz::run_swf(scratch, truncated); }) == "ok");
  const std::string whole = scratch.write("w.swf", truncated);
  CHECK(outcome<std::runtime_error>([&] {
          (void)workloads::read_swf(whole);
        }).find("w.swf: truncated or corrupt gzip data (unexpected end of file)") != std::string::npos);
}
