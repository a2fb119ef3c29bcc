#include "apps/replay/trace_checksums.hpp"

#include "base/file_hash.hpp"
#include "base/line_reader.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <stdexcept>

namespace bcssim::apps::replay {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& sums, const std::string& allowed)
{
  throw base::ParamRuleError(base::ParamError{kChecksumsPath, "\"" + sums + "\"", allowed});
}

bool is_hex_digest(std::string_view s)
{
  return s.size() == 32 && s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// A path as a key: the same file named two ways (./a, b/../a) gives one key.
std::string key_of(const fs::path& p) { return fs::weakly_canonical(fs::absolute(p)).string(); }

// file key -> (recorded digest, line number), from the checksum file `sums`.
std::map<std::string, std::pair<std::string, std::uint64_t>> read_sums(const std::string& sums)
{
  std::map<std::string, std::pair<std::string, std::uint64_t>> recorded;
  const fs::path folder = fs::path(sums).parent_path();
  try {
    base::LineReader lines(base::open_file(sums));
    std::string_view line;
    while (lines.next(line)) {
      if (line.empty())
        continue;
      const std::size_t gap = line.find("  ");
      const std::string_view digest = line.substr(0, gap == std::string_view::npos ? line.size() : gap);
      if (gap == std::string_view::npos || !is_hex_digest(digest) || gap + 2 >= line.size())
        fail(sums, fmt::format("a checksum file as `xxhsum -H2` writes it (line {} is not \"<32 lower-case hex "
                               "digits>  <file>\")",
                               lines.line_number()));
      const std::string name(line.substr(gap + 2));
      recorded[key_of(folder / name)] = {std::string(digest), lines.line_number()};
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const base::ParamRuleError*>(&e) != nullptr)
      throw;
    fail(sums, fmt::format("a readable checksum file ({})", e.what()));
  }
  return recorded;
}

} // namespace

void verify_checksums(const Layout& layout, const std::string& sums)
{
  const auto recorded = read_sums(sums);
  std::vector<std::string> files{layout.trace};
  files.insert(files.end(), layout.rank_files.begin(), layout.rank_files.end());
  for (const std::string& file : files) {
    const auto it = recorded.find(key_of(file));
    if (it == recorded.end())
      fail(sums, fmt::format("a checksum for every file the trace reads; {} is not listed", file));
    std::string found;
    try {
      found = base::file_hash128_hex(file);
    } catch (const std::runtime_error& e) {
      fail(sums, fmt::format("a readable {} ({})", file, e.what()));
    }
    if (found != it->second.first)
      fail(sums, fmt::format("{} to hash to {} (line {}), the trace as recorded; it hashes to {}: the file changed "
                             "after its checksum was written (xxhsum -H2 gives it)",
                             file, it->second.first, it->second.second, found));
  }
}

} // namespace bcssim::apps::replay
