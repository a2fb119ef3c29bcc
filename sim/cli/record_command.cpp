// `bcssim record`: a native MPI run recorded as a trace bcs-sim replays (sim/record/record.hpp).
#include "sim/cli/command.hpp"

#include "sim/record/record.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class RecordCommand : public Command {
public:
  explicit RecordCommand(CLI::App& app)
      : Command(app.add_subcommand("record", "Run an MPI program natively, recording its calls as a trace "
                                             "(e.g. bcssim record --out out/app -- mpirun -np 4 ./app)"))
  {
    sub_->add_option("--out", out_, "Results folder: the trace, its checksums, record.json and scenario.json")
        ->required();
    sub_->add_option("--host-speed", options_.host_speed,
                     "The flops a second of measured computation becomes; the scenario replays it at this "
                     "replay.host_speed (default 1GHz)");
    sub_->add_option("--clock", options_.clock,
                     "How computation is measured: cpu (each rank's thread CPU time between MPI calls, what an "
                     "oversubscribed run needs) or wall (elapsed time)")
        ->check(CLI::IsMember({"cpu", "wall"}));
    sub_->add_option("--mpi", options_.mpi,
                     "The MPI the command runs its program with: openmpi, mpich, or auto (default: from the "
                     "launcher, e.g. mpirun.mpich, else the MPI library the program links)")
        ->check(CLI::IsMember({"auto", "openmpi", "mpich"}));
    sub_->add_flag("--force", options_.force, "Replace the results folder at --out if an earlier run wrote it");
    sub_->add_flag("--skip-unsupported", options_.skip_unsupported,
                   "Keep the trace when the program made calls the format cannot hold (non-blocking collectives, "
                   "other communicators, one-sided, I/O), leaving them out; without it they are refused");
    sub_->add_option("command", options_.command, "The command that runs the program, after --")->required();
  }
  bool interruptible() const override { return true; }

  int run(const char*) override
  {
    options_.out = out_;
    return record(options_, std::cout);
  }

private:
  std::string out_;
  RecordOptions options_;
};

} // namespace

std::unique_ptr<Command> record_command(CLI::App& app) { return std::make_unique<RecordCommand>(app); }

} // namespace bcssim::sim::cli
