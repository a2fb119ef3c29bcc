#include "base/scratch_folders.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace bcssim::base {
namespace fs = std::filesystem;
namespace {

struct Scratch {
  pid_t owner = ::getpid();
  std::vector<fs::path> folders;
  std::function<void(const fs::path&)> hook;
  ~Scratch()
  {
    if (::getpid() != owner) // a forked child's copy: the folders are its parent's
      return;
    for (const fs::path& f : folders) {
      std::error_code ignored;
      fs::remove_all(f, ignored);
    }
  }
};

Scratch& scratch()
{
  static Scratch s;
  return s;
}

} // namespace

fs::path make_scratch_folder(const std::string& stem)
{
  Scratch& s = scratch();
  if (::getpid() != s.owner) { // a child made its own: its parent's list is not its own
    s.folders.clear();
    s.owner = ::getpid();
  }
  std::error_code ec;
  const fs::path root = fs::temp_directory_path(ec);
  if (ec)
    throw std::runtime_error("no temporary folder: " + ec.message());
  for (std::size_t n = s.folders.size();; ++n) {
    const fs::path folder = root / fmt::format("{}-{}-{}", stem, ::getpid(), n);
    if (fs::create_directory(folder, ec)) {
      s.folders.push_back(folder);
      if (s.hook)
        s.hook(folder);
      return folder;
    }
    if (ec)
      throw std::runtime_error(fmt::format("{}: cannot be made ({})", folder.string(), ec.message()));
  }
}

void on_scratch_folder(std::function<void(const fs::path&)> hook)
{
  Scratch& s = scratch();
  s.hook = std::move(hook);
  if (s.hook)
    for (const fs::path& f : s.folders)
      s.hook(f);
}

} // namespace bcssim::base
