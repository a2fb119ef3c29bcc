// `bcssim convert`: an OTF2 archive converted into a trace bcs-sim replays (sim/record/convert.hpp).
#include "sim/cli/command.hpp"

#include "sim/record/convert.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class ConvertCommand : public Command {
public:
  explicit ConvertCommand(CLI::App& app)
      : Command(app.add_subcommand("convert", "Convert an OTF2 archive (Score-P, Scalasca, TAU) into a trace "
                                              "(e.g. bcssim convert scorep-run/traces.otf2 --out out/app), or a "
                                              "trace into an archive (--to otf2)"))
  {
    sub_->add_option("archive", options_.archive,
                     "The archive's anchor file (traces.otf2); with --to otf2, the trace (its index or one file)")
        ->required();
    sub_->add_option("--to", options_.to,
                     "What to write: 'trace' (default), from an OTF2 archive; 'otf2', an OTF2 archive from a trace "
                     "(for Vampir and the Score-P tools, and back again)")
        ->check(CLI::IsMember({"trace", "otf2"}));
    sub_->add_option("--out", out_,
                     "Results folder: the trace, its checksums, convert.json and scenario.json (with --to "
                     "otf2: the archive, traces.otf2 and its folder)")
        ->required();
    sub_->add_option("--host-speed", options_.host_speed,
                     "The flops a second of the archive's computation becomes; the scenario replays it at this "
                     "replay.host_speed (default 1GHz). With --to otf2: the trace's replay.host_speed, the ticks a "
                     "second of the archive's clock (a tick a flop)");
    sub_->add_flag("--force", options_.force, "Replace the results folder at --out if an earlier run wrote it");
    sub_->add_flag("--skip-unsupported", options_.skip_unsupported,
                   "Keep the trace when the program made calls the format cannot hold (non-blocking collectives, "
                   "other communicators, one-sided, I/O, alltoallv), leaving them out; without it they are "
                   "refused");
  }

  int run(const char*) override
  {
    options_.out = out_;
    return options_.to == "otf2" ? convert_to_otf2(options_, std::cout) : convert(options_, std::cout);
  }

private:
  std::string out_;
  ConvertOptions options_;
};

} // namespace

std::unique_ptr<Command> convert_command(CLI::App& app) { return std::make_unique<ConvertCommand>(app); }

} // namespace bcssim::sim::cli
