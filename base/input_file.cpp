#include "base/input_file.hpp"

#include <system_error>

namespace bcssim::base {

bool not_a_regular_file(const std::filesystem::path& path)
{
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  return !ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st);
}

std::ifstream input_file(const std::filesystem::path& path, std::ios::openmode mode)
{
  if (not_a_regular_file(path))
    return std::ifstream();
  return std::ifstream(path, mode | std::ios::in);
}

} // namespace bcssim::base
