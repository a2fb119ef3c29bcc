#include "sim/output/results_manifest.hpp"
#include "base/input_file.hpp"

#include "base/file_hash.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/results_marker.hpp"
#include "sim/output/write_file.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace bcssim::sim {
namespace fs = std::filesystem;

namespace {

// Every entry under `folder`, relative, folders ending in "/", sorted; symlinks are entries, not followed.
std::vector<std::string> entries_under(const fs::path& folder)
{
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const bool dir = it->is_directory(ec) && !it->is_symlink(ec);
    // Lexically: fs::relative follows a symlink, and named p1 -> /tmp "../../.." (hostile pass 2026-12-06).
    out.push_back(it->path().lexically_relative(folder).generic_string() + (dir ? "/" : ""));
  }
  if (ec)
    throw fs::filesystem_error("cannot list the results folder", folder, ec);
  std::sort(out.begin(), out.end());
  return out;
}

bool ours(const std::string& entry) { return entry == kResultsMarker || entry == kManifest; }

// The files whose content the manifest records: what gnuplot would run, and what a study's merge reads of a point.
bool script(const std::string& entry) { return entry.size() > 3 && entry.compare(entry.size() - 3, 3, ".gp") == 0; }
bool hashed(const std::string& entry) { return script(entry) || merged_data(entry); }

// "xxh128:<hex>" of a regular file (a symlink's target is not what bcssim wrote: no hash, so never run). XXH3-128
// (Debian's xxHash, as `xxhsum -H2` prints it) tells an edited script from bcssim's; a cryptographic hash would add
// nothing, since whoever can edit the script can rewrite the manifest beside it.
std::string hash_of(const fs::path& file)
{
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(file, ec)))
    return "";
  try {
    return "xxh128:" + base::file_hash128_hex(file.string());
  } catch (const std::runtime_error&) {
    return ""; // unreadable: no hash, so never run
  }
}

std::string text_of(const std::map<std::string, std::string>& entries)
{
  std::string text;
  for (const auto& [entry, hash] : entries) // a std::map sorts as entries_under does
    text += entry + (hash.empty() ? "" : "\t" + hash) + "\n";
  return text;
}

// The files every bcssim before manifests could write in a results folder (a frozen list: later versions write
// manifests): its tables, summaries and plots (each plot's .gp, .svg, .png and, for a study, .csv and .dat).
bool legacy_name(const std::string& name)
{
  static const std::set<std::string> kFiles = {
      "summary.json",
      "digest",
      "events.csv",
      "trace.json",
      "run-info.json",
      "runs.csv",
      "profile.csv",
      "call_slices.csv", // written by kind app from just before the manifests (issue 43)
      "points.csv",
      "slowdowns.csv",
      "noise_slowdowns.csv",
      "replicates.csv",
      "mmds.csv",
      "mmds_ranks.csv",
      "mmds_distributions.csv",
      "emds_global.csv",
      "emds_local.csv",
      "emds_node.csv",
      "jobs.csv",
      "gantt.csv",
      "fcs_classes.csv",
      "jobs_in_system.csv",
      "response_cdf.csv",
      "algorithms.csv",
      "algorithms.dat",
      "dynamic.dat",
      "nodes.csv",
      "stages.csv",
      "launch_study.csv",
      "microbench_sizes.csv",
      "microbench_distance.csv",
      "collectives.csv",
      "mpi_sizes.csv",
      "mpi_posted.csv",
      "mpi_collectives.csv",
      "time.csv",
      "time.dat",
      "slowdown.csv",
      "slowdown.dat",
      "noise.csv",
      "noise.dat"};
  static const std::set<std::string> kPlots = {"algorithms",   "collectives",  "dynamic",    "dynamic_boxes",
                                               "emds_getts",   "emds_node",    "gantt",      "jobs_in_system",
                                               "launch",       "launch_study", "microbench", "mpi",
                                               "response_cdf", "time",         "slowdown",   "noise"};
  if (kFiles.count(name))
    return true;
  const auto dot = name.rfind('.');
  if (dot == std::string::npos)
    return false;
  const std::string stem = name.substr(0, dot), ext = name.substr(dot);
  return (ext == ".gp" || ext == ".svg" || ext == ".png") && (kPlots.count(stem) || stem.rfind("mmds", 0) == 0);
}

bool point_name(const std::string& name)
{
  return name.size() == 4 && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A folder without a manifest: its files by name, points/ holding only points/NNNN/ results folders.
void legacy_foreign(const fs::path& folder, const std::string& prefix, std::vector<std::string>& out)
{
  std::vector<fs::directory_entry> entries{fs::directory_iterator(folder), fs::directory_iterator()};
  std::sort(entries.begin(), entries.end());
  for (const auto& e : entries) {
    const std::string name = e.path().filename().string();
    const bool dir = e.is_directory() && !e.is_symlink();
    if (!dir && e.is_regular_file() && (ours(name) || legacy_name(name)))
      continue;
    if (dir && name == "points" && prefix.empty()) {
      std::vector<fs::directory_entry> points{fs::directory_iterator(e.path()), fs::directory_iterator()};
      std::sort(points.begin(), points.end());
      for (const auto& p : points) {
        const std::string point = "points/" + p.path().filename().string();
        if (point_name(p.path().filename().string()) && is_results_folder(p.path())) {
          for (const std::string& f : foreign_entries(p.path()))
            out.push_back(point + "/" + f);
        } else {
          out.push_back(point + (p.is_directory() && !p.is_symlink() ? "/" : ""));
        }
      }
      continue;
    }
    out.push_back(prefix + name + (dir ? "/" : ""));
  }
}

} // namespace

std::string manifest_text(const fs::path& folder)
{
  std::map<std::string, std::string> entries;
  for (const std::string& entry : entries_under(folder))
    if (!ours(entry))
      entries[entry] = hashed(entry) ? hash_of(folder / entry) : "";
  return text_of(entries);
}

std::map<std::string, std::string> manifest_entries(const fs::path& folder)
{
  std::map<std::string, std::string> entries;
  std::ifstream in = base::input_file(folder / kManifest);
  for (std::string line; std::getline(in, line);) {
    const auto tab = line.find('\t');
    entries[line.substr(0, tab)] = tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return entries;
}

ScriptState script_state(const fs::path& results, const std::string& relative)
{
  if (!fs::is_regular_file(fs::symlink_status(results / kManifest)))
    return ScriptState::unhashed; // a folder of a bcssim before manifests: its scripts cannot be checked
  const auto entries = manifest_entries(results);
  const auto it = entries.find(relative);
  if (it == entries.end())
    return ScriptState::unlisted;
  if (it->second.empty())
    return ScriptState::unhashed;
  return hash_of(results / relative) == it->second ? ScriptState::as_written : ScriptState::edited;
}

void note_rewritten(const fs::path& results, const std::string& relative)
{
  if (!fs::is_regular_file(fs::symlink_status(results / kManifest)))
    return;
  auto entries = manifest_entries(results);
  entries[relative] = hashed(relative) ? hash_of(results / relative) : "";
  write_file(results / kManifest, text_of(entries));
}

bool merged_data(const std::string& entry)
{
  static const std::set<std::string> kRead = {"summary.json", "runs.csv", "digest", "jobs.csv", "gantt.csv"};
  return kRead.count(entry.substr(entry.rfind('/') + 1)) > 0; // (npos + 1 == 0: the whole entry)
}

std::vector<std::string> edited_data(const fs::path& results)
{
  std::vector<std::string> edited;
  if (!fs::is_regular_file(fs::symlink_status(results / kManifest)))
    return edited;
  const auto entries = manifest_entries(results); // sorted: the first named is the same every time
  // A manifest that hashes one of them is of a bcssim that hashes them all: one listed without its hash had it
  // removed, to pass an edit off as a bcssim's before hashes (hostile pass of issue 67, F2).
  bool hashed = false;
  for (const auto& [entry, hash] : entries)
    hashed = hashed || (merged_data(entry) && !hash.empty());
  for (const auto& [entry, hash] : entries)
    if (merged_data(entry) && (hash.empty() ? hashed : hash_of(results / entry) != hash))
      edited.push_back(entry);
  return edited;
}

std::size_t record_script_hashes(const fs::path& results)
{
  if (!fs::is_regular_file(fs::symlink_status(results / kManifest)))
    throw ScenarioError("render --record-hashes", results.string(),
                        std::string("a results folder with a ") + kManifest +
                            " (this one is older than manifests: "
                            "run its scenario again)");
  auto entries = manifest_entries(results);
  std::size_t changed = 0;
  for (auto& [entry, hash] : entries) {
    std::error_code ec;
    if (!script(entry) || !fs::exists(results / entry, ec))
      continue; // a listed script that is gone keeps its line
    if (const std::string now = hash_of(results / entry); now != hash) {
      hash = now;
      ++changed;
    }
  }
  if (changed > 0)
    write_file(results / kManifest, text_of(entries));
  return changed;
}

std::vector<std::string> foreign_entries(const fs::path& folder)
{
  std::vector<std::string> out;
  const fs::path manifest = folder / kManifest;
  if (!fs::is_regular_file(fs::symlink_status(manifest))) {
    legacy_foreign(folder, "", out);
    return out;
  }
  const std::map<std::string, std::string> listed = manifest_entries(folder);
  std::string skipped; // a foreign folder, named once
  for (const std::string& entry : entries_under(folder)) {
    if (!skipped.empty() && entry.rfind(skipped, 0) == 0)
      continue;
    if (ours(entry) || listed.count(entry))
      continue;
    out.push_back(entry);
    if (entry.back() == '/')
      skipped = entry;
  }
  return out;
}

std::string some_of(const std::vector<std::string>& entries)
{
  std::string text;
  const std::size_t shown = std::min<std::size_t>(entries.size(), 3);
  for (std::size_t i = 0; i < shown; ++i)
    text += (i == 0 ? "" : i + 1 == shown && entries.size() == shown ? " and " : ", ") + entries[i];
  if (entries.size() > shown)
    text += " and " + std::to_string(entries.size() - shown) + " more";
  return text;
}

} // namespace bcssim::sim
