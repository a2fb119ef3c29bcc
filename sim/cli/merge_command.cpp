// `bcssim merge`: the points run by `bcssim sweep --emit-jobs` commands become the study's results folder.
#include "sim/cli/command.hpp"

#include "sim/config/scenario.hpp"
#include "sim/driver/run.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/study/headline.hpp"
#include "sim/study/point_check.hpp"
#include "sim/study/study_merge.hpp"

#include <chrono>
#include <iostream>

namespace bcssim::sim::cli {
namespace {

class MergeCommand : public Command {
public:
  explicit MergeCommand(CLI::App& app)
      : Command(app.add_subcommand("merge", "Merge the points run by `bcssim sweep --emit-jobs` commands into the "
                                            "study's results folder"))
  {
    sub_->add_option("scenario", args_.file, "Scenario JSON file")->required();
    sub_->add_option("folder", args_.out_dir, "The study's results folder (holding points/)")->required();
    sub_->add_option("--set", args_.sets, "Override a parameter: path=value (repeatable), as given to sweep")
        ->allow_extra_args(false);
    sub_->add_flag("--force", force_, "Replace the folder's merged results of an earlier merge or run");
    sub_->add_flag("--quiet,-q", quiet_, "Print only the results folder, not the figures of the study");
  }
  bool interruptible() const override { return true; }
  std::string file() const override { return args_.file; }

  int run(const char*) override
  {
    const Study study = args_.load();
    const std::filesystem::path folder = args_.out(study);
    if (!std::filesystem::is_directory(folder / "points"))
      throw ScenarioError("folder", folder.string(),
                          "a study's results folder holding points/ (what the `bcssim sweep --emit-jobs` commands "
                          "write)");
    check_points_folder(study, folder, "folder");
    const auto wall_start = std::chrono::steady_clock::now(); // run-info.json only
    ResultsDir dir(folder, ReplacePolicy{force_, /*study_points=*/true, "folder"});
    dir.set_title(dir.final_dir().filename().string(), study.overrides());
    std::filesystem::copy(folder / "points", dir.path("points"), std::filesystem::copy_options::recursive);
    merge_points(study, dir.path("."), dir);
    write_run_info(dir, study.overrides(),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count());
    dir.commit();
    // Ends as `run` does: the figures a user would quote (one line per point, a comparison's slowdowns), then where
    // the results are; in a Slurm array's merge job log too.
    if (!quiet_)
      std::cout << headline(dir.final_dir());
    std::cout << "results: " << dir.final_dir().string() << "/\n";
    return 0;
  }

private:
  StudyArgs args_;
  bool force_ = false;
  bool quiet_ = false;
};

} // namespace

std::unique_ptr<Command> merge_command(CLI::App& app) { return std::make_unique<MergeCommand>(app); }

} // namespace bcssim::sim::cli
