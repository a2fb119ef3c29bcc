// `bcssim params`: every parameter with its unit, default, doc and source, and the presets.
#include "sim/cli/command.hpp"

#include "sim/config/params_report.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class ParamsCommand : public Command {
public:
  explicit ParamsCommand(CLI::App& app)
      : Command(app.add_subcommand("params", "List every parameter: path, unit, default, doc, source; and presets"))
  {
    sub_->add_flag("--markdown", markdown_, "Print as Markdown (docs/parameters.md)");
    sub_->add_flag("--json", json_, "Print as JSON, for scripts (min and max in SI units)")->excludes("--markdown");
  }

  int run(const char*) override
  {
    std::cout << (json_ ? params_json() : markdown_ ? params_markdown() : params_text());
    return 0;
  }

private:
  bool markdown_ = false;
  bool json_ = false;
};

} // namespace

std::unique_ptr<Command> params_command(CLI::App& app) { return std::make_unique<ParamsCommand>(app); }

} // namespace bcssim::sim::cli
