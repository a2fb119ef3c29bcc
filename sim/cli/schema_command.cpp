// `bcssim schema`: the JSON Schema of the scenario format (sim/config/schema.hpp), for editors and validators.
#include "sim/cli/command.hpp"

#include "sim/config/schema.hpp"

#include <iostream>

namespace bcssim::sim::cli {
namespace {

class SchemaCommand : public Command {
public:
  explicit SchemaCommand(CLI::App& app)
      : Command(app.add_subcommand("schema", "Print a JSON Schema (draft 2020-12) of the scenario format, for editors "
                                             "to complete and check scenario files"))
  {
  }

  int run(const char*) override
  {
    std::cout << scenario_schema().dump(2) << "\n";
    return 0;
  }
};

} // namespace

std::unique_ptr<Command> schema_command(CLI::App& app) { return std::make_unique<SchemaCommand>(app); }

} // namespace bcssim::sim::cli
