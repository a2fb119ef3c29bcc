#include "base/program_path.hpp"

#include <cstdlib>
#include <system_error>
#include <unistd.h>

namespace bcssim::base {
namespace fs = std::filesystem;

std::filesystem::path find_program(const std::string& program)
{
  const auto executable = [](const fs::path& file) {
    std::error_code ec;
    return fs::is_regular_file(file, ec) && ::access(file.c_str(), X_OK) == 0;
  };
  if (program.empty())
    return {};
  if (program.find('/') != std::string::npos)
    return executable(program) ? fs::path(program) : fs::path();
  const char* path = std::getenv("PATH");
  const std::string dirs = path != nullptr ? path : "";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    if (end > start)
      if (const fs::path candidate = fs::path(dirs.substr(start, end - start)) / program; executable(candidate))
        return candidate;
    start = end + 1;
  }
  return {};
}

} // namespace bcssim::base
