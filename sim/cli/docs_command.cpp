// `bcssim docs`: writes docs/calibration.md and docs/validation.md (every docs/src/*.md template) from the figure
// catalogue docs/src/figures.json and the committed results; --check only compares (exit 1 when one is stale).
#include "sim/cli/command.hpp"

#include "sim/output/write_file.hpp"
#include "sim/report/render.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace bcssim::sim::cli {
namespace {
namespace fs = std::filesystem;

class DocsCommand : public Command {
public:
  explicit DocsCommand(CLI::App& app)
      : Command(app.add_subcommand("docs", "Generate docs/*.md from docs/src/ and the committed results (--check: "
                                           "only say whether they are current)"))
  {
    sub_->add_option("--root", root_, "The repository (default: the current folder)")->check(CLI::ExistingDirectory);
    sub_->add_flag("--check", check_, "Write nothing; exit 1 naming each generated file that is not current");
  }

  int run(const char*) override
  {
    const auto docs = report::render_docs(root_); // every document before any is written
    int stale = 0;
    for (const auto& [path, text] : docs) {
      std::ifstream in(fs::path(root_) / path);
      std::stringstream current;
      current << in.rdbuf();
      if (current.str() == text) {
        std::cout << "current: " << path.string() << "\n";
        continue;
      }
      if (check_) {
        std::cout << "stale: " << path.string() << " (regenerate: bcssim docs)\n";
        ++stale;
        continue;
      }
      write_file(fs::path(root_) / path, text);
      std::cout << "wrote: " << path.string() << "\n";
    }
    return stale == 0 ? 0 : 1;
  }

private:
  std::string root_ = ".";
  bool check_ = false;
};

} // namespace

std::unique_ptr<Command> docs_command(CLI::App& app) { return std::make_unique<DocsCommand>(app); }

} // namespace bcssim::sim::cli
