#include "sim/output/results_dir.hpp"

#include "sim/output/plot.hpp"
#include "sim/output/results_manifest.hpp"
#include "sim/output/signals.hpp"
#include "sim/output/write_file.hpp"

#include "sim/config/scenario.hpp"

#include <cerrno>
#include <iterator>
#include <stdexcept>
#include <unistd.h>

namespace bcssim::sim {
namespace fs = std::filesystem;

ResultsDir::ResultsDir(fs::path final_dir, ReplacePolicy policy) : final_(std::move(final_dir)), policy_(policy)
{
  if (final_.filename().empty())
    final_ = final_.parent_path();
  set_title(final_.filename().string());
  tmp_root_ = temp_root_of(final_, ::getpid());
  try {
    check_replaceable(final_, policy_); // before anything is written
    fs::create_directories(final_.parent_path().empty() ? fs::path(".") : final_.parent_path());
    remove_stale_temps(final_);
    if (fs::exists(fs::symlink_status(tmp_root_))) {
      if (!is_temp_of(tmp_root_, final_, ::getpid())) // not ours: leave it, and stop
        throw std::runtime_error(tmp_root_.string() + " is in the way (bcssim did not make it): move it elsewhere");
      fs::remove_all(tmp_root_); // left by a process of the same number that is gone
    }
  } catch (const fs::filesystem_error& e) {
    throw_unusable(e);
  }
  try {
    {
      const auto lock = cleanup_lock(); // a signal now removes it (sim/signals.hpp)
      register_temp(tmp_root_);
      fs::create_directories(tmp_root_);
      write_file(tmp_root_ / kTempMarker, temp_marker_text(final_, ::getpid()));
    }
    tmp_ = tmp_root_ / "results";
    fs::create_directories(tmp_);
    write(kResultsMarker, results_marker_text());
  } catch (...) { // e.g. a full disk: no destructor runs, so the temporary folder goes now
    const auto lock = cleanup_lock();
    std::error_code ec;
    fs::remove_all(tmp_root_, ec);
    unregister_temp(tmp_root_);
    try {
      throw;
    } catch (const fs::filesystem_error& e) {
      throw_unusable(e);
    }
  }
}

void ResultsDir::throw_unusable(const std::filesystem::filesystem_error& e) const
{
  // A folder the user named that cannot be made or written (a read-only parent, a symlink loop, a name too long,
  // /proc) is bad input naming the option, not a run failure; a full disk or an I/O error stays a failure.
  const int code = e.code().value();
  if (code == ENOSPC || code == EDQUOT || code == EIO)
    throw std::runtime_error(outside(e.what()));
  throw ScenarioError(policy_.option, final_.string(),
                      "a folder bcssim can create and write, with its parent: " + e.code().message());
}

ResultsDir::~ResultsDir()
{
  const auto lock = cleanup_lock();
  std::error_code ec;
  fs::remove_all(tmp_root_, ec); // the results when not committed, else the replaced folder
  unregister_temp(tmp_root_);
}

fs::path ResultsDir::path(const std::string& relative) const
{
  fs::path p = tmp_ / relative;
  fs::create_directories(p.parent_path());
  return p;
}

void ResultsDir::write(const std::string& relative, const std::string& content) const
{
  const auto lock = cleanup_lock(); // not while a signal removes the folder
  try {
    write_file(path(relative), content); // a full disk is an error naming the file; the folder is not committed
    keep_nested_manifest(relative);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(outside(e.what()));
  }
}

void ResultsDir::render(const std::string& relative) const
{
  const fs::path script = path(relative);
  try {
    render_gnuplot(script.parent_path(), script.filename().string());
    for (const char* ext : {".svg", ".png"})
      if (std::error_code ec; fs::exists(fs::path(script).replace_extension(ext), ec))
        keep_nested_manifest(fs::path(relative).replace_extension(ext).generic_string());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(outside(e.what()));
  }
}

void ResultsDir::keep_nested_manifest(const std::string& relative) const
{
  // The innermost results folder below this one holding the file (a study point, points/0003/), if any: its own
  // manifest must record what is now there, or `bcssim render` would take a script merge drew again (a point's
  // Gantt chart) for one a user edited. This folder's own manifest is written whole at commit().
  const fs::path rel(relative);
  fs::path inner;
  std::string rest;
  fs::path at;
  for (auto part = rel.begin(); part != rel.end() && std::next(part) != rel.end(); ++part) {
    at /= *part;
    if (is_results_folder(tmp_ / at)) {
      inner = at;
      rest = rel.lexically_relative(at).generic_string();
    }
  }
  if (!inner.empty())
    note_rewritten(tmp_ / inner, rest);
}

std::string ResultsDir::outside(const std::string& message) const
{
  const std::string from = tmp_.string() + "/";
  const std::string to = final_.string() + "/";
  std::string out = message;
  for (auto at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size()))
    out.replace(at, from.size(), to);
  return out;
}

void ResultsDir::commit()
{
  write(kManifest, manifest_text(tmp_)); // last: what this run wrote, for a later --force (results_manifest.hpp)
  const auto lock = cleanup_lock();      // a signal waits until the swap is done
  check_replaceable(final_, policy_);    // again: a run takes time, and the folder may have changed meanwhile
  // One atomic exchange; the old folder then lies in the marked temporary folder (removed with it below, or by a
  // later run if this one is killed first).
  swap_into_place(tmp_, final_, tmp_root_ / "old");
  committed_ = true;
  std::error_code ec;
  fs::remove_all(tmp_root_, ec);
}

std::string compose_title(const std::string& name, const std::vector<std::string>& overrides)
{
  std::string title = name;
  for (std::size_t i = 0; i < overrides.size(); ++i)
    title += (i == 0 ? " (" : ", ") + overrides[i] + (i + 1 == overrides.size() ? ")" : "");
  return title;
}

void ResultsDir::set_title(const std::string& name, const std::vector<std::string>& overrides)
{
  title_ = compose_title(name, overrides);
}

} // namespace bcssim::sim
