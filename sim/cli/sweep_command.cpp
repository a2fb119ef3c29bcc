// `bcssim sweep --emit-jobs`: one self-contained command per point, for GNU parallel, or (`--format slurm`) a script
// that submits them to Slurm as a job array and the merge as a job depending on it.
#include "sim/cli/command.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/results_marker.hpp"
#include "sim/study/emit_jobs.hpp"

#include <fmt/format.h>

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class SweepCommand : public Command {
public:
  explicit SweepCommand(CLI::App& app)
      : Command(app.add_subcommand("sweep", "Print one self-contained command per sweep point, for GNU parallel "
                                            "or a Slurm job array; gather them with `bcssim merge`"))
  {
    args_.add(sub_, "Override a parameter: path=value (repeatable)");
    sub_->add_option("--out", args_.out_dir, "Results folder of the study (default: out/<scenario name>)");
    sub_->add_flag("--force", force_, "Pass --force to every printed command");
    sub_->add_flag("--emit-jobs", emit_, "Print the commands (required: the only mode)")->required();
    sub_->add_option("--format", format_,
                     "commands: one command per line, then the merge as a comment (default); slurm: a shell script "
                     "that submits the points as a Slurm job array and the merge as a job that waits for them")
        ->check(CLI::IsMember({"commands", "slurm"}));
  }
  std::string file() const override { return args_.file; }

  int run(const char* argv0) override
  {
    args_.check_out_given(sub_);
    const Study study = args_.load();
    check_writable(study, args_.out(study));
    if (format_ == "slurm")
      std::cout << emit_slurm(study, argv0, args_.file, args_.sets, args_.out(study), force_);
    else
      std::cout << emit_jobs(study, argv0, args_.file, args_.sets, args_.out(study), force_);
    return 0;
  }

private:
  // Commands that would each refuse to write are not printed (hostile pass 2026-12-06: into a folder holding a
  // study's results, every point's command and the merge failed on the cluster). With --force they replace them.
  void check_writable(const Study& study, const std::filesystem::path& out) const
  {
    if (force_)
      return;
    check_replaceable(out, ReplacePolicy{false, true, "--out"}); // what `merge` will replace
    for (std::size_t i = 0; i < study.size(); ++i)
      if (is_results_folder(out / point_folder(i)))
        throw ScenarioError("--out", out.string(),
                            fmt::format("a folder without the results of the study's points; {} holds point {}'s "
                                        "from an earlier run, and its command would refuse to replace them: pass "
                                        "--force (each command then replaces its point), or choose another --out",
                                        (out / point_folder(i)).string(), i));
  }

  StudyArgs args_;
  bool force_ = false;
  bool emit_ = false;
  std::string format_ = "commands";
};

} // namespace

std::unique_ptr<Command> sweep_command(CLI::App& app) { return std::make_unique<SweepCommand>(app); }

} // namespace bcssim::sim::cli
