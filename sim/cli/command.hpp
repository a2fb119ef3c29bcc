#pragma once
// bcssim's subcommands: each one declares its options on the command line and runs once parsed, in a file of its
// own (run, sweep, merge, verify, validate, params, docs, workload, render); main.cpp parses and maps errors to
// exit codes.
#include "sim/study/study.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::sim::cli {

class Command {
public:
  explicit Command(CLI::App* sub) : sub_(sub) {}
  virtual ~Command() = default;
  Command(const Command&) = delete;
  Command& operator=(const Command&) = delete;

  bool chosen() const { return sub_->parsed(); }
  /// Runs after a successful parse; returns the exit code. Throws ScenarioError for bad input.
  virtual int run(const char* argv0) = 0;
  /// True when it starts children or writes results: interrupts must then stop them and clean up.
  virtual bool interruptible() const { return false; }
  /// The scenario file it was given, for error messages ("" if none).
  virtual std::string file() const { return ""; }

protected:
  CLI::App* sub_;
};

/// The scenario file, --set overrides and results folder that run, sweep, merge and validate share.
struct StudyArgs {
  std::string file;
  std::vector<std::string> sets;
  std::string out_dir;
  /// Declares the scenario argument and --set on `sub`.
  void add(CLI::App* sub, const std::string& set_help);
  Study load() const { return Study::load(file, sets); }
  /// --out, else out/<study name>.
  std::filesystem::path out(const Study& study) const;
  /// Throws ScenarioError for an --out given as "" (which would otherwise silently mean the default).
  void check_out_given(const CLI::App* sub) const;
};

std::unique_ptr<Command> run_command(CLI::App& app);
std::unique_ptr<Command> sweep_command(CLI::App& app);
std::unique_ptr<Command> merge_command(CLI::App& app);
std::unique_ptr<Command> verify_command(CLI::App& app);
std::unique_ptr<Command> validate_command(CLI::App& app);
std::unique_ptr<Command> params_command(CLI::App& app);
std::unique_ptr<Command> schema_command(CLI::App& app);
std::unique_ptr<Command> logs_command(CLI::App& app);
std::unique_ptr<Command> docs_command(CLI::App& app);
std::unique_ptr<Command> workload_command(CLI::App& app);
std::unique_ptr<Command> render_command(CLI::App& app);
std::unique_ptr<Command> record_command(CLI::App& app);
std::unique_ptr<Command> convert_command(CLI::App& app);

/// After CLI11 refused `argv`: "no option '--frce' for 'bcssim run' (did you mean '--force'?); ..." or "no
/// subcommand ..." naming the first word no command takes, or "" when the error is of another kind.
std::string usage_hint(const CLI::App& app, int argc, const char* const* argv);
/// The command the words name, as far as bcssim's subcommands go: "bcssim workload generate".
std::string command_name(const CLI::App& app, int argc, const char* const* argv);
/// Any other error CLI11 refused `argv` with (`what`), in bcssim's words and naming the command: "bcssim run:
/// --jobs = 0: expected an integer in [1, 4096] (bcssim run --help)".
std::string parse_error_text(const CLI::App& app, const std::string& what, int argc, const char* const* argv);

} // namespace bcssim::sim::cli
