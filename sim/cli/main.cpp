// bcssim: the command line. Exit codes: 0 success, 1 run failure, 2 invalid input or usage, 3 the application
// deadlocked (the report names each blocked rank and its call).
#include "base/event_stream.hpp"
#include "sim/config/log_settings.hpp"
#include "sim/config/params_report.hpp"
#include "sim/config/scenario.hpp"
#include "sim/config/units.hpp"
#include "sim/driver/run.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/output/signals.hpp"
#include "sim/study/study.hpp"
#include "sim/study/study_merge.hpp"
#include "sim/study/study_run.hpp"
#include "sim/study/verify.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <thread>
#include <unistd.h>

namespace {
constexpr int kInvalidInput = 2;
constexpr int kDeadlock = 3;
}

int main(int argc, char** argv)
{
  using namespace bcssim::sim;
  CLI::App app{"bcssim: deterministic simulator of a Buffered Coscheduling (BCS-MPI) cluster on QsNet"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "bcssim 0.1.0");

  std::string file;
  std::vector<std::string> sets;
  RunOptions options;
  std::string out_dir;

  auto* run = app.add_subcommand("run", "Run a scenario and write its results folder");
  run->add_option("scenario", file, "Scenario JSON file")->required();
  run->add_option("--out", out_dir, "Results folder (default: out/<scenario name>)");
  run->add_option("--set", sets, "Override a parameter: path=value (repeatable), e.g. --set platform.nodes=16");
  run->add_flag("--events", options.events, "Also write the canonical event stream as events.csv");
  run->add_flag("--trace", options.trace.enabled,
                "Also write trace.json (Chrome/Perfetto trace events: open in ui.perfetto.dev or chrome://tracing)");
  std::string trace_window;
  run->add_option("--trace-window", trace_window,
                  "Trace only simulated times FROM:TO (e.g. 1s:1.2s; either side may be empty); implies --trace");
  run->add_flag("--force", options.force,
                "Replace the results folder at --out if an earlier run wrote it (never anything else)");
  run->add_option("--log", options.sg_log, "SimGrid log setting, e.g. qsnet_platform.thres:info (repeatable)");

  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  run->add_option("--jobs,-j", jobs, "Sweep points run at once, each in its own process (default: the cores)")
      ->check(CLI::Range(1u, 4096u));
  long point = -1;
  run->add_option("--point", point, "Run only this point of a sweep (see `bcssim sweep --emit-jobs`)")
      ->check(CLI::NonNegativeNumber);

  auto* sweep = app.add_subcommand("sweep", "Print one self-contained command per sweep point, for GNU parallel "
                                            "or a Slurm job array; gather them with `bcssim merge`");
  sweep->add_option("scenario", file, "Scenario JSON file")->required();
  sweep->add_option("--set", sets, "Override a parameter: path=value (repeatable)");
  sweep->add_option("--out", out_dir, "Results folder of the study (default: out/<scenario name>)");
  bool emit = false;
  sweep->add_flag("--force", options.force, "Pass --force to every printed command");
  sweep->add_flag("--emit-jobs", emit, "Print the commands (required: the only mode)")->required();

  auto* merge = app.add_subcommand("merge", "Merge the points run by `bcssim sweep --emit-jobs` commands into the "
                                            "study's results folder");
  merge->add_option("scenario", file, "Scenario JSON file")->required();
  merge->add_option("folder", out_dir, "The study's results folder (holding points/)")->required();
  merge->add_option("--set", sets, "Override a parameter: path=value (repeatable), as given to sweep");
  merge->add_flag("--force", options.force, "Replace the folder's merged results of an earlier merge or run");

  auto* verify_cmd = app.add_subcommand("verify", "Re-run shipped scenarios and compare their digests with the "
                                                  "golden ones (exit 1 on any mismatch)");
  VerifyOptions verify_options;
  verify_cmd->add_option("scenarios", verify_options.scenarios,
                         "Scenario files (default: every scenario of the digests file)");
  verify_cmd->add_option("--digests", verify_options.digests, "Golden digests: scenario,digest rows, paths "
                                                              "relative to the file (default: scenarios/digests.csv)");
  unsigned verify_jobs = std::max(1u, std::thread::hardware_concurrency());
  verify_cmd->add_option("--jobs,-j", verify_jobs, "Sweep points each run runs at once (default: the cores)")
      ->check(CLI::Range(1u, 4096u));

  auto* validate = app.add_subcommand("validate", "Check a scenario without running it");
  validate->add_option("scenario", file, "Scenario JSON file")->required();
  validate->add_option("--set", sets, "Override a parameter: path=value (repeatable)");
  bool print = false;
  validate->add_flag("--print", print, "Print the resolved scenario (every parameter)");

  auto* params = app.add_subcommand("params", "List every parameter: path, unit, default, doc, source; and presets");
  bool markdown = false;
  params->add_flag("--markdown", markdown, "Print as Markdown (docs/parameters.md)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kInvalidInput;
  }

  try {
    if (*run || *merge || *verify_cmd)
      install_interrupt_cleanup(); // before any thread: SIGINT/SIGTERM/SIGHUP stop children, remove temp folders
    if (*params) {
      std::cout << (markdown ? params_markdown() : params_text());
      return 0;
    }
    if (*verify_cmd) {
      verify_options.jobs = verify_jobs;
      const int mismatches = verify(verify_options, std::cout);
      if (mismatches > 0)
        std::fprintf(stderr, "error: %d scenario(s) did not reproduce their golden digest\n", mismatches);
      return mismatches > 0 ? 1 : 0;
    }
    for (const std::string& setting : options.sg_log) // before anything is created: SimGrid aborts on a bad one
      check_log_setting(setting);
    const Study study = Study::load(file, sets);
    const std::filesystem::path study_out =
        out_dir.empty() ? std::filesystem::path("out") / study.name() : std::filesystem::path(out_dir);
    if (*validate) {
      if (print)
        std::cout << study.point(0).echo().dump(2) << "\n";
      std::cout << "ok: " << file << " (scenario '" << study.name() << "'";
      if (!study.single())
        std::cout << ", " << study.size() << " points";
      std::cout << ")\n";
      return 0;
    }
    if (*sweep) {
      std::cout << emit_jobs(study, argv[0], file, sets, study_out, options.force);
      return 0;
    }
    if (*merge) {
      if (!std::filesystem::is_directory(study_out / "points"))
        throw ScenarioError("folder", study_out.string(),
                            "a study's results folder holding points/ (what the `bcssim sweep --emit-jobs` "
                            "commands write)");
      ResultsDir dir(study_out, ReplacePolicy{options.force, /*study_points=*/true, "folder"});
      std::filesystem::copy(study_out / "points", dir.path("points"), std::filesystem::copy_options::recursive);
      merge_points(study, dir.path("."), dir);
      dir.commit();
      std::cout << "results: " << dir.final_dir().string() << "/\n";
      return 0;
    }
    options.out_dir = out_dir;
    if (!trace_window.empty()) {
      const auto colon = trace_window.find(':');
      const std::string from = trace_window.substr(0, colon);
      const std::string to = colon == std::string::npos ? "" : trace_window.substr(colon + 1);
      const auto from_s = from.empty() ? std::optional<double>(0.0) : parse_quantity(Quantity::time, from);
      const auto to_s = to.empty() ? std::optional<double>(-1.0) : parse_quantity(Quantity::time, to);
      if (colon == std::string::npos || !from_s || !to_s || (*to_s >= 0 && *to_s < *from_s))
        throw ScenarioError("--trace-window", trace_window,
                            "FROM:TO, two times such as 1s:1.2s with FROM <= TO, either one may be empty (" +
                                quantity_help(Quantity::time) + ")");
      options.trace.enabled = true;
      options.trace.from_ns = bcssim::base::to_ns(*from_s);
      options.trace.to_ns = *to_s < 0 ? -1 : bcssim::base::to_ns(*to_s);
    }
    if (point >= 0) {
      if (std::size_t(point) >= study.size())
        throw ScenarioError("--point", std::to_string(point),
                            fmt::format("a point of the study, 0 to {}", study.size() - 1));
      if (out_dir.empty())
        options.out_dir = study_out / point_folder(std::size_t(point));
      const auto where = run_scenario(study.point(std::size_t(point)), options);
      std::cout << "results: " << where.string() << "/\n";
      return 0;
    }
    StudyOptions study_options;
    study_options.run = options;
    study_options.jobs = jobs;
    study_options.progress = ::isatty(2) != 0;
    const auto where = run_study(study, study_options);
    std::cout << "results: " << where.string() << "/\n";
    return 0;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "error: %s%s%s\n", file.c_str(), file.empty() ? "" : ": ", e.what());
    return kInvalidInput;
  } catch (const DeadlockError& e) {
    std::fprintf(stderr, "error: %s: %s", file.c_str(), e.what());
    return kDeadlock;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: run failed: %s\n", e.what());
    return 1;
  }
}
