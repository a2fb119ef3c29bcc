#include "sim/output/results_marker.hpp"
#include "base/input_file.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/results_manifest.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio> // renameat2, RENAME_EXCHANGE, RENAME_NOREPLACE (glibc >= 2.28, _GNU_SOURCE)
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace bcssim::sim {
namespace fs = std::filesystem;

namespace {

std::string slurp_small(const fs::path& file)
{
  std::ifstream in = base::input_file(file);
  std::string text(4096, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  return text;
}

std::string host_name()
{
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0)
    return "?";
  return name;
}

// True unless the process is certainly gone (a process of another user still exists: EPERM).
bool process_exists(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH); }

} // namespace

std::string temp_marker_text(const fs::path& final_dir, long pid)
{
  return "bcssim temporary folder of '" + final_dir.filename().string() + "': process " + std::to_string(pid) + " on " +
         host_name() + "\n";
}

fs::path temp_root_of(const fs::path& final_dir, long pid)
{
  fs::path root = final_dir;
  root += ".tmp-" + std::to_string(pid);
  return root;
}

bool is_temp_of(const fs::path& tmp_root, const fs::path& final_dir, long pid)
{
  std::error_code ec;
  const fs::path marker = tmp_root / kTempMarker;
  return fs::is_directory(fs::symlink_status(tmp_root, ec)) && fs::is_regular_file(fs::symlink_status(marker, ec)) &&
         slurp_small(marker) == temp_marker_text(final_dir, pid);
}

void remove_stale_temps(const fs::path& final_dir)
{
  const fs::path parent = final_dir.parent_path().empty() ? fs::path(".") : final_dir.parent_path();
  const std::string prefix = final_dir.filename().string() + ".tmp-";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0)
      continue;
    const std::string pid = name.substr(prefix.size());
    if (pid.empty() || pid.size() > 9 || pid.find_first_not_of("0123456789") != std::string::npos)
      continue;
    const long owner = std::stol(pid);
    if (is_temp_of(entry.path(), final_dir, owner) && !process_exists(owner))
      fs::remove_all(entry.path(), ec);
  }
}

std::string results_marker_text()
{
  return "bcssim results folder: bcssim wrote every file here, and replaces the folder on `--force`\n";
}

bool is_results_folder(const fs::path& folder)
{
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(folder, ec)))
    return false;
  const fs::path marker = folder / kResultsMarker;
  return fs::is_regular_file(fs::symlink_status(marker, ec)) && slurp_small(marker) == results_marker_text();
}

void check_replaceable(const fs::path& final_dir, const ReplacePolicy& policy)
{
  std::error_code ec;
  const std::string where = final_dir.string();
  // The folder is replaced whole, by a rename: never the working directory or a folder holding it.
  const fs::path cwd = fs::current_path(ec);
  const fs::path target = fs::weakly_canonical(fs::absolute(final_dir, ec), ec);
  if (!ec && !cwd.empty() && !target.empty()) {
    const fs::path inside = cwd.lexically_relative(target);
    if (!inside.empty() && *inside.begin() != "..")
      throw ScenarioError(policy.option, where,
                          "a folder other than the working directory and the folders holding it (bcssim replaces "
                          "its results folder whole): run from elsewhere, or choose another " +
                              policy.option);
  }
  // Every folder on the way must be one (else creating it fails with a filesystem error, exit 1).
  for (fs::path up = final_dir.parent_path(); !up.empty(); up = up.parent_path()) {
    const fs::file_status s = fs::status(up, ec);
    if (fs::exists(s) && !fs::is_directory(s))
      throw ScenarioError(policy.option, where, "a folder path; " + up.string() + " is a file, not a folder");
    if (up == up.parent_path())
      break;
  }
  const fs::file_status st = fs::symlink_status(final_dir, ec);
  if (!fs::exists(st))
    return;
  const std::string never = "a new folder, or a results folder bcssim wrote (it never deletes anything else)";
  if (fs::is_symlink(st))
    throw ScenarioError(policy.option, where, never + "; this is a symlink");
  if (!fs::is_directory(st))
    throw ScenarioError(policy.option, where, never + "; this is a file");
  if (is_results_folder(final_dir)) {
    if (!policy.force)
      throw ScenarioError(policy.option, where,
                          "a new folder; this one holds the results of an earlier run: pass --force to replace "
                          "them, or choose another --out");
    if (const auto foreign = foreign_entries(final_dir); !foreign.empty())
      throw ScenarioError(policy.option, where,
                          "a results folder holding only what bcssim wrote, for --force to replace; this one also "
                          "holds " +
                              some_of(foreign) +
                              ", which bcssim did not write (it never deletes anything "
                              "else, and --force does not change that): move " +
                              (foreign.size() == 1 ? "it" : "them") + " out of the folder, or choose another --out");
    return;
  }
  bool empty = true, only_points = true;
  for (const auto& entry : fs::directory_iterator(final_dir, ec)) {
    empty = false;
    if (entry.path().filename() != "points" || !fs::is_directory(entry.symlink_status()))
      only_points = false;
  }
  if (ec)
    throw ScenarioError(policy.option, where, never + "; this folder cannot be read: " + ec.message());
  if (empty)
    return;
  if (policy.study_points && only_points) { // `merge` replaces the folder: every point must be bcssim's alone
    std::vector<std::string> foreign;
    for (const auto& entry : fs::directory_iterator(final_dir / "points")) {
      const std::string point = "points/" + entry.path().filename().string();
      if (!is_results_folder(entry.path()))
        foreign.push_back(point + (entry.is_directory() && !entry.is_symlink() ? "/" : ""));
      else
        for (const std::string& f : foreign_entries(entry.path()))
          foreign.push_back(point + "/" + f);
    }
    std::sort(foreign.begin(), foreign.end());
    if (foreign.empty())
      return;
    throw ScenarioError(policy.option, where,
                        "a study's folder holding only points/ with the results bcssim wrote in them; this one "
                        "also holds " +
                            some_of(foreign) +
                            ", which bcssim did not write (it never deletes "
                            "anything else): move " +
                            (foreign.size() == 1 ? "it" : "them") + " out of the folder");
  }
  throw ScenarioError(policy.option, where,
                      never + "; this folder has no " + kResultsMarker + " marker" +
                          (policy.study_points ? " and holds more than the points/ of a study" : "") +
                          " (--force does not change that)");
}

bool swap_into_place(const fs::path& from, const fs::path& to, const fs::path& old_fallback)
{
  auto fail = [&](const char* what) {
    throw fs::filesystem_error(std::string("cannot ") + what, from, to,
                               std::error_code(errno, std::generic_category()));
  };
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
    return false;
  if (errno == EINVAL || errno == ENOSYS) { // no RENAME_NOREPLACE here: plain rename, `to` checked just before
    if (!fs::exists(fs::symlink_status(to))) {
      fs::rename(from, to);
      return false;
    }
  } else if (errno != EEXIST) {
    fail("move the results folder into place");
  }
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) == 0)
    return true;
  if (errno != EINVAL && errno != ENOSYS)
    fail("exchange the results folders");
  fs::rename(to, old_fallback); // no RENAME_EXCHANGE on this file system: two renames
  fs::rename(from, to);
  return false;
}

} // namespace bcssim::sim
