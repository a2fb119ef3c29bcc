// `bcssim verify`: the determinism regression of the shipped scenarios (sim/study/verify.hpp).
#include "sim/cli/command.hpp"

#include "sim/study/verify.hpp"

#include <cstdio>
#include <iostream>
#include <thread>

namespace bcssim::sim::cli {
namespace {

class VerifyCommand : public Command {
public:
  explicit VerifyCommand(CLI::App& app)
      : Command(app.add_subcommand("verify", "Re-run shipped scenarios and compare their digests with the golden "
                                             "ones (exit 1 on any mismatch)"))
  {
    sub_->add_option("scenarios", options_.scenarios, "Scenario files (default: every scenario of the digests file)");
    sub_->add_option("--digests", options_.digests,
                     "Golden digests: scenario,digest rows, paths relative to the file (default: "
                     "scenarios/digests.csv)");
    sub_->add_flag("--sample", options_.sample,
                   "Check the sample points of --samples instead: one point of each study too long to re-run whole "
                   "(the dynamic workload studies), shortened by its overrides (minutes, not hours)");
    sub_->add_option("--samples", options_.samples,
                     "Sample points: scenario,point,sets,digest rows (default: scenarios/samples.csv)");
    sub_->add_option(
            "--jobs,-j", jobs_,
            "Simulations at once (default: the cores): up to this many scenarios (or samples) run side by side, "
            "and one run's sweep points share what the others leave")
        ->check(CLI::Range(1u, 4096u));
  }
  bool interruptible() const override { return true; }

  int run(const char*) override
  {
    options_.jobs = jobs_;
    const int mismatches = verify(options_, std::cout);
    if (mismatches > 0)
      std::fprintf(stderr, "error: %d scenario(s) did not reproduce their golden digest\n", mismatches);
    return mismatches > 0 ? 1 : 0;
  }

private:
  VerifyOptions options_;
  unsigned jobs_ = std::max(1u, std::thread::hardware_concurrency());
};

} // namespace

std::unique_ptr<Command> verify_command(CLI::App& app) { return std::make_unique<VerifyCommand>(app); }

} // namespace bcssim::sim::cli
