// `bcssim validate`: resolve a scenario (every point of a study) without running it.
#include "sim/cli/command.hpp"

#include "base/units.hpp"

#include <nlohmann/json.hpp>

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class ValidateCommand : public Command {
public:
  explicit ValidateCommand(CLI::App& app)
      : Command(app.add_subcommand("validate", "Check a scenario without running it"))
  {
    args_.add(sub_, "Override a parameter: path=value (repeatable)");
    sub_->add_flag("--print", print_,
                   "Print the resolved scenario (every parameter) as JSON on stdout, every point's for a study; "
                   "the verdict goes to stderr");
  }
  std::string file() const override { return args_.file; }

  int run(const char*) override
  {
    const Study study = args_.load();
    // With --print, stdout is JSON only (a scenario, or a study's every point) and the verdict goes to stderr.
    std::ostream& verdict = print_ ? std::cerr : std::cout;
    if (print_ && study.single())
      std::cout << study.point(0).echo().dump(2) << "\n";
    if (print_ && !study.single()) {
      nlohmann::json points = nlohmann::json::array();
      for (std::size_t i = 0; i < study.size(); ++i)
        points.push_back({{"point", i}, {"label", study.label(i)}, {"scenario", study.point(i).echo()}});
      std::cout << nlohmann::json{{"study", {{"name", study.name()}, {"points", points}}}}.dump(2) << "\n";
    }
    verdict << "ok: " << args_.file << " (scenario '" << study.name() << "'";
    if (!study.single())
      verdict << ", " << base::counted(static_cast<long long>(study.size()), "point");
    verdict << ")\n";
    return 0;
  }

private:
  StudyArgs args_;
  bool print_ = false;
};

} // namespace

std::unique_ptr<Command> validate_command(CLI::App& app) { return std::make_unique<ValidateCommand>(app); }

} // namespace bcssim::sim::cli
