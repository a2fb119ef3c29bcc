#include "sim/results_dir.hpp"

#include <csignal>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace bcssim::sim {
namespace fs = std::filesystem;

namespace {
// Removes "<name>.tmp-<pid>" siblings left by killed runs whose process is gone.
void remove_stale(const fs::path& final_dir)
{
  const fs::path parent = final_dir.parent_path().empty() ? fs::path(".") : final_dir.parent_path();
  const std::string prefix = final_dir.filename().string() + ".tmp-";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0)
      continue;
    const std::string pid = name.substr(prefix.size());
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos)
      continue;
    if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0)
      fs::remove_all(entry.path(), ec);
  }
}
} // namespace

ResultsDir::ResultsDir(fs::path final_dir, ReplacePolicy policy) : final_(std::move(final_dir)), policy_(policy)
{
  if (final_.filename().empty())
    final_ = final_.parent_path();
  check_replaceable(final_, policy_); // before anything is written
  fs::create_directories(final_.parent_path().empty() ? fs::path(".") : final_.parent_path());
  remove_stale(final_);
  tmp_ = final_;
  tmp_ += ".tmp-" + std::to_string(::getpid());
  fs::remove_all(tmp_);
  fs::create_directories(tmp_);
  write(kResultsMarker, results_marker_text());
}

ResultsDir::~ResultsDir()
{
  if (!committed_) {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
}

fs::path ResultsDir::path(const std::string& relative) const
{
  fs::path p = tmp_ / relative;
  fs::create_directories(p.parent_path());
  return p;
}

void ResultsDir::write(const std::string& relative, const std::string& content) const
{
  std::ofstream out(path(relative), std::ios::binary);
  out << content;
  if (!out)
    throw std::runtime_error("cannot write " + (tmp_ / relative).string());
}

void ResultsDir::commit()
{
  fs::path old = final_;
  old += ".old-" + std::to_string(::getpid());
  check_replaceable(final_, policy_); // again: a run takes time, and the folder may have changed meanwhile
  if (fs::exists(final_))
    fs::rename(final_, old);
  fs::rename(tmp_, final_);
  committed_ = true;
  std::error_code ec;
  fs::remove_all(old, ec);
}

} // namespace bcssim::sim
