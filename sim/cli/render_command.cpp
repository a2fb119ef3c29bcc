// `bcssim render FOLDER...`: draws again every plot whose image is missing, from the gnuplot script and data a run
// left beside it. The committed results keep the scripts and data but not the images that are only regenerated
// output (every SVG, and the PNGs of sweep points: issue 44 part 7, README "Results folder").
#include "sim/cli/command.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/plot.hpp"
#include "sim/output/results_marker.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <system_error>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_cli_render_command,
                             "sim.cli.render_command: `bcssim render`: plots drawn again from their scripts");

namespace bcssim::sim::cli {
namespace {
namespace fs = std::filesystem;

bool on_path(const std::string& program)
{
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::error_code ec;
    if (!dir.empty() && fs::is_regular_file(fs::path(dir) / program, ec))
      return true;
  }
  return false;
}

/// Whether `file` lies in a results folder bcssim wrote (its marker in the file's folder or one above it): only
/// those scripts are bcssim's own. A .gp file elsewhere is the user's, and gnuplot runs whatever it says.
bool in_results_folder(const fs::path& file)
{
  std::error_code ec;
  fs::path dir = fs::absolute(file, ec).parent_path();
  for (; !dir.empty(); dir = dir.parent_path()) {
    if (is_results_folder(dir))
      return true;
    if (dir == dir.parent_path())
      break;
  }
  return false;
}

class RenderCommand : public Command {
public:
  explicit RenderCommand(CLI::App& app)
      : Command(app.add_subcommand("render", "Draw again, with gnuplot, every plot under the folders whose PNG or SVG "
                                             "is missing, from the .gp script and data beside it (the committed "
                                             "results leave those images out)"))
  {
    sub_->add_option("folders", folders_, "Results folders, or trees of them (e.g. results)")->required();
    sub_->add_flag("--force", force_, "Draw every plot, also those whose images are there");
  }

  int run(const char*) override
  {
    if (!on_path("gnuplot"))
      throw ScenarioError("render", "gnuplot", "gnuplot installed and on PATH (scripts/install-deps.sh)");
    std::vector<fs::path> scripts;
    std::size_t foreign = 0;
    for (const std::string& folder : folders_) {
      std::error_code ec;
      if (!fs::is_directory(folder, ec))
        throw ScenarioError("render", folder, "an existing folder (a results folder, or a tree of them)");
      const std::size_t before = scripts.size(), foreign_before = foreign;
      for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == ".gp") {
          if (in_results_folder(it->path()))
            scripts.push_back(it->path());
          else
            ++foreign; // never run, never drawn over: bcssim did not write it
        }
      if (ec)
        throw ScenarioError("render", folder, "a folder bcssim can read (" + ec.message() + ")");
      if (scripts.size() == before && foreign > foreign_before)
        throw ScenarioError("render", folder,
                            "a results folder bcssim wrote, or a tree of them (its .bcssim-results marker); this one "
                            "holds gnuplot scripts outside any, which bcssim neither runs nor draws over");
    }
    std::sort(scripts.begin(), scripts.end()); // the order it reports in, whatever the file system's
    std::size_t drawn = 0;
    for (const fs::path& gp : scripts) {
      fs::path png = gp, svg = gp;
      png.replace_extension(".png");
      svg.replace_extension(".svg");
      if (!force_ && fs::exists(png) && fs::exists(svg))
        continue;
      render_gnuplot(gp.parent_path(), gp.filename().string()); // throws unless both images are whole
      ++drawn;
    }
    std::cout << "rendered " << drawn << " of " << scripts.size() << " plots\n";
    if (foreign > 0)
      std::cerr << "render: left alone " << foreign
                << " gnuplot script(s) outside a results folder bcssim wrote (it runs only its own)\n";
    return 0;
  }

private:
  std::vector<std::string> folders_;
  bool force_ = false;
};

} // namespace

std::unique_ptr<Command> render_command(CLI::App& app) { return std::make_unique<RenderCommand>(app); }

} // namespace bcssim::sim::cli
