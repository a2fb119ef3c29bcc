// `bcssim render FOLDER...`: draws again every plot whose image is missing, from the gnuplot script and data a run
// left beside it. The committed results keep the scripts and data but not the images that are only regenerated
// output (every SVG, and the PNGs of sweep points: issue 44 part 7, README "Results folder").
#include "sim/cli/command.hpp"

#include "base/program_path.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/plot.hpp"
#include "sim/output/results_manifest.hpp"
#include "sim/output/results_marker.hpp"

#include <algorithm>
#include <iostream>
#include <set>
#include <system_error>
#include <vector>

namespace bcssim::sim::cli {
namespace {
namespace fs = std::filesystem;

/// The innermost results folder holding `file` (its marker in the file's folder or one above it), or "" for none:
/// only scripts that folder's manifest records, with the hash it records, are bcssim's own. A .gp file elsewhere
/// is the user's, and gnuplot runs whatever it says.
fs::path results_folder_of(const fs::path& file)
{
  std::error_code ec;
  fs::path dir = fs::absolute(file, ec).parent_path();
  for (; !dir.empty(); dir = dir.parent_path()) {
    if (is_results_folder(dir))
      return dir;
    if (dir == dir.parent_path())
      break;
  }
  return {};
}

// Every results folder under `folder`, itself included, that has a manifest.
std::vector<fs::path> manifested_folders(const fs::path& folder)
{
  std::vector<fs::path> out;
  std::error_code ec;
  if (is_results_folder(folder) && fs::is_regular_file(folder / kManifest, ec))
    out.push_back(folder);
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_directory() && !it->is_symlink() && is_results_folder(it->path()) &&
        fs::is_regular_file(it->path() / kManifest, ec))
      out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string names(const std::vector<fs::path>& files)
{
  std::vector<std::string> shown;
  for (const fs::path& f : files)
    shown.push_back(f.string());
  return some_of(shown);
}

class RenderCommand : public Command {
public:
  explicit RenderCommand(CLI::App& app)
      : Command(app.add_subcommand("render", "Draw again, with gnuplot, every plot under the folders whose PNG or SVG "
                                             "is missing, from the .gp script and data beside it (the committed "
                                             "results leave those images out); only scripts bcssim wrote, as it "
                                             "wrote them (the hashes in each folder's .bcssim-manifest)"))
  {
    sub_->add_option("folders", folders_, "Results folders, or trees of them (e.g. results)")->required();
    sub_->add_flag("--force", force_, "Draw every plot, also those whose images are there");
    sub_->add_flag("--allow-edited", allow_edited_,
                   "Also run the scripts of the results folders that are not as bcssim wrote them (edited since, or "
                   "listed without a hash by a bcssim before hashes); gnuplot runs whatever a script says");
    sub_->add_flag("--record-hashes", record_hashes_,
                   "Draw nothing; record in each results folder's .bcssim-manifest the hash of every script it lists "
                   "as the script is now (you vouch for them: a folder of a bcssim before hashes, or your edits)");
  }

  int run(const char*) override
  {
    for (const std::string& folder : folders_)
      if (std::error_code ec; !fs::is_directory(folder, ec))
        throw ScenarioError("folder", folder, "an existing folder (a results folder, or a tree of them)");
    { // a folder named twice ("render o1 o1", or o1 and ./o1) is rendered once
      std::set<fs::path> seen;
      std::vector<std::string> once;
      for (const std::string& folder : folders_)
        if (std::error_code ec; seen.insert(fs::weakly_canonical(folder, ec)).second)
          once.push_back(folder);
      folders_ = std::move(once);
    }
    if (record_hashes_)
      return record_hashes();
    if (base::find_program("gnuplot").empty())
      throw ScenarioError("gnuplot", "(not found)", "gnuplot installed and on PATH (scripts/install-deps.sh)");
    std::vector<fs::path> scripts, foreign, unchecked;
    std::vector<bool> edited; // of each unchecked script: edited (else listed without a hash)
    for (const std::string& folder : folders_) {
      std::error_code ec;
      const std::size_t before = scripts.size() + unchecked.size(), foreign_before = foreign.size();
      for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        if (!it->is_regular_file() || it->path().extension() != ".gp")
          continue;
        const fs::path results = results_folder_of(it->path());
        const std::string relative =
            results.empty() ? "" : fs::absolute(it->path()).lexically_relative(results).generic_string();
        switch (results.empty() ? ScriptState::unlisted : script_state(results, relative)) {
          case ScriptState::as_written:
            scripts.push_back(it->path());
            break;
          case ScriptState::unlisted:
            foreign.push_back(it->path());
            break; // never run, never drawn over
          case ScriptState::edited:
            unchecked.push_back(it->path()), edited.push_back(true);
            break;
          case ScriptState::unhashed:
            unchecked.push_back(it->path()), edited.push_back(false);
            break;
        }
      }
      if (ec)
        throw ScenarioError("folder", folder, "a folder bcssim can read (" + ec.message() + ")");
      if (scripts.size() + unchecked.size() == before && foreign.size() > foreign_before)
        throw ScenarioError("folder", folder,
                            "a results folder bcssim wrote, or a tree of them (its .bcssim-results marker); this one "
                            "holds only gnuplot scripts bcssim did not write (outside any results folder, or not in "
                            "its .bcssim-manifest), which bcssim neither runs nor draws over");
    }
    if (!unchecked.empty() && !allow_edited_)
      refuse(unchecked, edited);
    scripts.insert(scripts.end(), unchecked.begin(), unchecked.end()); // --allow-edited: the user said so
    std::sort(scripts.begin(), scripts.end()); // the order it reports in, whatever the file system's
    std::sort(foreign.begin(), foreign.end());
    // An image that is a link (planted, or left dangling) would have gnuplot write through it to a file outside
    // the results: refused before anything is drawn.
    for (const fs::path& gp : scripts)
      if (const auto links = images_not_regular(gp.parent_path(), gp.filename().string()); !links.empty())
        throw ScenarioError("image", links.front().string(),
                            "an image bcssim may draw over: a regular file, or none; this one is a symbolic link, a "
                            "folder or a FIFO, which bcssim does not write through (remove it, then render again)");
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
    if (!foreign.empty())
      std::cerr << "render: left alone " << foreign.size()
                << " gnuplot script(s) bcssim did not write (outside a results folder, or not in its " << kManifest
                << "; it runs only its own): " << names(foreign) << "\n";
    return 0;
  }

private:
  // Exit 2, nothing drawn: scripts that are not as bcssim wrote them run only when the user says so.
  [[noreturn]] static void refuse(const std::vector<fs::path>& unchecked, const std::vector<bool>& edited)
  {
    const bool any_edited = std::find(edited.begin(), edited.end(), true) != edited.end();
    std::vector<fs::path> shown = unchecked;
    std::sort(shown.begin(), shown.end());
    const std::string all =
        shown.size() == 1 ? "" : " (" + std::to_string(shown.size()) + " scripts: " + names(shown) + ")";
    const std::string how = "check it, then pass --allow-edited to draw it this once, or --record-hashes to record "
                            "it as it is now";
    std::error_code ec;
    const bool linked = fs::is_symlink(shown.front(), ec); // not an edit: bcssim writes files, and runs only those
    throw ScenarioError("script", shown.front().string(),
                        std::string("a gnuplot script as bcssim wrote it (the XXH3-128 its results folder's ") +
                            kManifest + " records); " +
                            (linked ? "this one is a symbolic link, which bcssim never writes" + all +
                                          ": put the file itself there, or " + how
                             : any_edited ? "this one was edited since" + all +
                                                ". gnuplot runs whatever a script "
                                                "says: " +
                                                how
                                          : "its folder records no hash (a bcssim before script hashes wrote it)" +
                                                all + ": run its scenario again, or " + how));
  }

  int record_hashes() const
  {
    std::vector<fs::path> found; // every manifest first: a folder without any changes nothing
    for (const std::string& folder : folders_) {
      const std::vector<fs::path> here = manifested_folders(folder);
      if (here.empty())
        throw ScenarioError("render --record-hashes", folder,
                            std::string("a results folder with a ") + kManifest + ", or a tree of them");
      found.insert(found.end(), here.begin(), here.end());
    }
    std::size_t changed = 0;
    for (const fs::path& results : found)
      changed += record_script_hashes(results);
    std::cout << "recorded " << changed << " script hash(es) in " << found.size() << " manifest(s)\n";
    return 0;
  }

  std::vector<std::string> folders_;
  bool force_ = false;
  bool allow_edited_ = false;
  bool record_hashes_ = false;
};

} // namespace

std::unique_ptr<Command> render_command(CLI::App& app) { return std::make_unique<RenderCommand>(app); }

} // namespace bcssim::sim::cli
