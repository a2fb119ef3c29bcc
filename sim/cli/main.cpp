// bcssim: the command line. Exit codes: 0 success, 1 run failure, 2 invalid input or usage, 3 the application
// deadlocked (the report names each blocked rank and its call). Each subcommand is a file of this folder.
#include "base/params.hpp"
#include "base/scratch_folders.hpp"
#include "sim/cli/command.hpp"
#include "sim/config/scenario.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/output/provenance.hpp"
#include "sim/output/signals.hpp"
#include "sim/output/write_file.hpp"

#include <csignal>
#include <cstdio>
#include <exception>
#include <new>
#include <system_error>

namespace {
constexpr int kInvalidInput = 2;
constexpr int kDeadlock = 3;
} // namespace

int main(int argc, char** argv)
{
  using namespace bcssim::sim;
  // A closed pipe behind standard output, or a file-size limit (ulimit -f), would kill the process at the write,
  // silently and leaving its temporary folders: ignored, the write fails instead, and is reported (exit 1).
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"bcssim: deterministic simulator of a Buffered Coscheduling (BCS-MPI) cluster on QsNet"};
  app.require_subcommand(1);
  set_command_line(argc, argv);
  app.set_version_flag("--version", version_line());
  std::vector<std::unique_ptr<cli::Command>> commands;
  commands.push_back(cli::run_command(app));
  commands.push_back(cli::sweep_command(app));
  commands.push_back(cli::merge_command(app));
  commands.push_back(cli::verify_command(app));
  commands.push_back(cli::validate_command(app));
  commands.push_back(cli::params_command(app));
  commands.push_back(cli::schema_command(app));
  commands.push_back(cli::logs_command(app));
  commands.push_back(cli::docs_command(app));
  commands.push_back(cli::workload_command(app));
  commands.push_back(cli::render_command(app));
  commands.push_back(cli::record_command(app));
  commands.push_back(cli::convert_command(app));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // A mistyped subcommand or option: CLI11 would not say which command it was given to, nor what was meant.
    if (e.get_exit_code() == 0) { // --help, --version: written, or exit 1 saying why not
      app.exit(e);
      try {
        flush_stdout();
      } catch (const std::exception& failure) {
        std::fprintf(stderr, "error: %s: %s\n", cli::command_name(app, argc, argv).c_str(), failure.what());
        return 1;
      }
      return 0;
    }
    std::string hint = cli::usage_hint(app, argc, argv);
    if (hint.empty())
      hint = cli::parse_error_text(app, e.what(), argc, argv);
    std::fprintf(stderr, "error: %s\n", hint.c_str());
    return kInvalidInput;
  }

  for (const auto& command : commands) {
    if (!command->chosen())
      continue;
    // What an error names first: the scenario or file the command read, else the command ("bcssim workload
    // generate: --procs = 3: ...").
    const std::string name = cli::command_name(app, argc, argv);
    const std::string file = command->file().empty() ? name : command->file();
    const std::string failed = name == "bcssim run" ? "run failed" : name; // nothing was run by `bcssim params`
    try {
      if (command->interruptible())
        install_interrupt_cleanup(); // before any thread: SIGINT/SIGTERM/SIGHUP stop children, remove temp folders
      bcssim::base::on_scratch_folder(
          [](const std::filesystem::path& folder) { // e.g. an OTF2 archive converted to replay
            const auto lock = cleanup_lock();
            register_temp(folder);
          });
      const int code = command->run(argv[0]);
      flush_stdout(); // a full disk or a closed pipe behind stdout is an error, not a short output and exit 0
      return code;
    } catch (const ScenarioError& e) {
      std::fprintf(stderr, "error: %s: %s\n", file.c_str(), e.what());
      for (const std::string& more : e.further()) // every error of the file, as a compiler reports them
        std::fprintf(stderr, "error: %s: %s\n", file.c_str(), more.c_str());
      return kInvalidInput;
    } catch (const bcssim::base::ParamRuleError& e) { // a rule of the input broken at run time, e.g. the time limit
      std::fprintf(stderr, "error: %s: %s\n", file.c_str(), e.what());
      return kInvalidInput;
    } catch (const DeadlockError& e) {
      std::fprintf(stderr, "error: %s: %s", file.c_str(), e.what());
      return kDeadlock;
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr,
                   "error: %s: out of memory (an allocation was refused): raise the memory limit "
                   "(ulimit -v), or simulate a smaller machine or study\n",
                   failed.c_str());
      return 1;
    } catch (const std::system_error& e) {
      // A thread the system would not start (EAGAIN) under an address-space limit is the same want of memory.
      if (e.code() == std::errc::resource_unavailable_try_again || e.code() == std::errc::not_enough_memory)
        std::fprintf(stderr,
                     "error: %s: out of memory (the system refused a thread or an allocation: %s): "
                     "raise the memory limit (ulimit -v), or simulate a smaller machine or study\n",
                     failed.c_str(), e.what());
      else
        std::fprintf(stderr, "error: %s: %s\n", failed.c_str(), e.what());
      return 1;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: %s: %s\n", failed.c_str(), e.what());
      return 1;
    }
  }
  return kInvalidInput; // unreachable: CLI11 requires one subcommand
}
