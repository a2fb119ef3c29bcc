#include "sim/study/partial_points.hpp"
#include "base/input_file.hpp"

#include "sim/config/scenario.hpp"
#include "sim/driver/run.hpp"
#include "sim/output/results_manifest.hpp"
#include "sim/study/point_check.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace bcssim::sim {
namespace fs = std::filesystem;
namespace {

constexpr const char* kPartialMarker = ".bcssim-partial";

std::string marker_text(const std::string& title)
{
  return fmt::format("bcssim partial study: the finished points of an unfinished run, reused by the next run of the "
                     "same study and binary\nbinary {}\ntitle {}\n",
                     binary_hash(), title);
}

std::string slurp(const fs::path& file)
{
  std::ifstream in = base::input_file(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "0012" or "0012.tmp-345": what bcssim writes in points/ (a point, or a point's temporary folder).
bool point_like(const std::string& name)
{
  const std::string digits = name.substr(0, name.find(".tmp-"));
  return !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos;
}

} // namespace

PartialPoints::PartialPoints(const Study& study, const fs::path& out, const std::string& title)
    : done_(study.size(), false)
{
  root_ = out;
  root_ += ".partial";
  const fs::path marker = root_ / kPartialMarker;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(root_, ec)) &&
      (!fs::is_directory(fs::symlink_status(root_, ec)) || !fs::is_regular_file(fs::symlink_status(marker, ec))))
    throw ScenarioError("--out", out.string(),
                        fmt::format("a folder whose sibling {} is bcssim's (it keeps a study's finished points "
                                    "there); that one is not: move it, or choose another --out",
                                    root_.string()));
  fs::create_directories(root_ / "points");
  if (!fs::exists(marker))
    std::ofstream(marker) << marker_text(title);
  lock_fd_ = ::open(marker.c_str(), O_RDONLY | O_CLOEXEC);
  if (lock_fd_ < 0 || ::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0)
    throw ScenarioError("--out", out.string(),
                        fmt::format("a study no other bcssim is running: {} is in use", root_.string()));
  for (const auto& entry : fs::directory_iterator(root_)) // bcssim never deletes what it did not write
    if (const std::string name = entry.path().filename().string(); name != "points" && name != kPartialMarker)
      throw ScenarioError("--out", out.string(),
                          fmt::format("a study whose {} holds only what bcssim wrote; it also holds {}: move it out",
                                      root_.string(), name));
  for (const auto& entry : fs::directory_iterator(root_ / "points"))
    if (!point_like(entry.path().filename().string()))
      throw ScenarioError("--out", out.string(),
                          fmt::format("a study whose {} holds only what bcssim wrote; it also holds points/{}: move "
                                      "it out",
                                      root_.string(), entry.path().filename().string()));
  if (slurp(marker) != marker_text(title)) { // another binary or title: its points cannot stand for ours
    fs::remove_all(root_ / "points", ec);
    fs::create_directories(root_ / "points");
    std::ofstream(marker) << marker_text(title);
  }
  for (const auto& entry : fs::directory_iterator(root_ / "points")) { // what no point of this study can use
    const std::string name = "points/" + entry.path().filename().string();
    bool kept = false;
    for (std::size_t i = 0; i < study.size() && !kept; ++i)
      if (name == point_folder(i) && why_not_reusable(study, i, entry.path()).empty()) {
        done_[i] = true;
        ++reused_;
        kept = true;
      }
    if (!kept)
      fs::remove_all(entry.path(), ec);
  }
}

PartialPoints::~PartialPoints()
{
  if (lock_fd_ >= 0)
    ::close(lock_fd_);
}

fs::path PartialPoints::folder(std::size_t i) const { return root_ / point_folder(i); }

void PartialPoints::move_into(const ResultsDir& dir)
{
  for (std::size_t i = 0; i < done_.size(); ++i)
    fs::rename(folder(i), dir.path(point_folder(i)));
}

void PartialPoints::move_back(const ResultsDir& dir) noexcept
{
  std::size_t kept = 0;
  for (std::size_t i = 0; i < done_.size(); ++i) {
    std::error_code ec;
    fs::rename(dir.path(point_folder(i)), folder(i), ec);
    kept += ec ? 0 : 1;
  }
  if (kept > 0)
    std::fprintf(stderr,
                 "the %zu finished point(s) are kept in %s/ for a resume: run the study again to write its "
                 "own files from them\n",
                 kept, root_.string().c_str());
}

void PartialPoints::remove()
{
  std::error_code ec;
  fs::remove_all(root_, ec);
}

} // namespace bcssim::sim
