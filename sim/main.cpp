// bcssim: the command line. Exit codes: 0 success, 1 run failure, 2 invalid input or usage, 3 the application
// deadlocked (the report names each blocked rank and its call).
#include "sim/params_report.hpp"
#include "sim/mpi_job.hpp"
#include "sim/run.hpp"
#include "sim/scenario.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>

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
  run->add_option("--log", options.sg_log, "SimGrid log setting, e.g. qsnet_platform.thres:info (repeatable)");

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
    if (*params) {
      std::cout << (markdown ? params_markdown() : params_text());
      return 0;
    }
    const Scenario scenario = Scenario::load(file, sets);
    if (*validate) {
      if (print)
        std::cout << scenario.echo().dump(2) << "\n";
      std::cout << "ok: " << file << " (scenario '" << scenario.name() << "')\n";
      return 0;
    }
    options.out_dir = out_dir;
    const auto where = run_scenario(scenario, options);
    std::cout << "results: " << where.string() << "/\n";
    return 0;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "error: %s: %s\n", file.c_str(), e.what());
    return kInvalidInput;
  } catch (const DeadlockError& e) {
    std::fprintf(stderr, "error: %s: %s", file.c_str(), e.what());
    return kDeadlock;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: run failed: %s\n", e.what());
    return 1;
  }
}
