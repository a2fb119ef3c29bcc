// `bcssim logs`: the log categories, a tree per folder (base/log_tree.hpp), for `run --log CATEGORY.thres:LEVEL`.
#include "sim/cli/command.hpp"

#include "base/log_tree.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class LogsCommand : public Command {
public:
  explicit LogsCommand(CLI::App& app)
      : Command(app.add_subcommand("logs", "List bcssim's log categories, a tree per folder and a category per source "
                                           "file, for `run --log CATEGORY.thres:LEVEL` (a folder's setting reaches "
                                           "every file in it; SimGrid's own categories are accepted too)"))
  {
  }

  int run(const char*) override
  {
    std::cout << base::log_tree::describe();
    return 0;
  }
};

} // namespace

std::unique_ptr<Command> logs_command(CLI::App& app) { return std::make_unique<LogsCommand>(app); }

} // namespace bcssim::sim::cli
