// `bcssim validate`: resolve a scenario (every point of a study) without running it.
#include "sim/cli/command.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class ValidateCommand : public Command {
public:
  explicit ValidateCommand(CLI::App& app)
      : Command(app.add_subcommand("validate", "Check a scenario without running it"))
  {
    args_.add(sub_, "Override a parameter: path=value (repeatable)");
    sub_->add_flag("--print", print_, "Print the resolved scenario (every parameter)");
  }
  std::string file() const override { return args_.file; }

  int run(const char*) override
  {
    const Study study = args_.load();
    if (print_)
      std::cout << study.point(0).echo().dump(2) << "\n";
    std::cout << "ok: " << args_.file << " (scenario '" << study.name() << "'";
    if (!study.single())
      std::cout << ", " << study.size() << " points";
    std::cout << ")\n";
    return 0;
  }

private:
  StudyArgs args_;
  bool print_ = false;
};

} // namespace

std::unique_ptr<Command> validate_command(CLI::App& app) { return std::make_unique<ValidateCommand>(app); }

} // namespace bcssim::sim::cli
