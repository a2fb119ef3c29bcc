// The traces the repository carries (traces/README.md) are the files their checksums vouch for, and the replay's
// check of `replay.checksums` (apps/replay/trace_checksums.hpp) finds a changed, unlisted or malformed entry.
#include "apps/replay/trace.hpp"
#include "apps/replay/trace_checksums.hpp"
#include "base/file_hash.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace bcssim;
namespace fs = std::filesystem;

namespace {

const fs::path kTraces = fs::path(BCSSIM_SOURCE_DIR) / "traces";

// The message verify_checksums throws ("" when it passes).
std::string verify_error(const apps::replay::Layout& layout, const fs::path& sums)
{
  try {
    apps::replay::verify_checksums(layout, sums.string());
  } catch (const base::ParamRuleError& e) {
    CHECK(e.error.path == "replay.checksums");
    return e.what();
  }
  return "";
}

fs::path scratch()
{
  const fs::path p = fs::temp_directory_path() / ("bcssim-checksums-test-" + std::to_string(::getpid()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

} // namespace

TEST_CASE("trace checksums: XXH3-128 in the canonical order xxhsum -H2 prints")
{
  const fs::path dir = scratch();
  write(dir / "abc.txt", "abc");
  CHECK(base::file_hash128_hex((dir / "abc.txt").string()) == "06b05ab6733a618578af5f94892f3950"); // xxhsum 0.8.1
  CHECK_THROWS(base::file_hash128_hex((dir / "absent").string()));
  fs::remove_all(dir);
}

TEST_CASE("trace checksums: every file of every carried trace is listed in its folder's XXH128SUMS and matches")
{
  REQUIRE_MESSAGE(fs::is_directory(kTraces), "the repository carries its traces (traces/README.md)");
  int folders = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kTraces)) {
    if (entry.path().filename() != "XXH128SUMS")
      continue;
    ++folders;
    const fs::path folder = entry.path().parent_path();
    CAPTURE(folder);
    std::set<std::string> listed;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      const std::string name = line.substr(34);
      CHECK(line.substr(32, 2) == "  ");
      CHECK_MESSAGE(base::file_hash128_hex((folder / name).string()) == line.substr(0, 32), name);
      listed.insert(name);
    }
    for (const auto& f : fs::recursive_directory_iterator(folder))
      if (f.is_regular_file() && f.path().filename() != "XXH128SUMS")
        CHECK_MESSAGE(listed.count(fs::relative(f.path(), folder).string()) == 1, f.path());
  }
  CHECK(folders == 7); // SWEEP3D config-A-16 and paper-64, NAS IS, EP, CG, MG, LU
}

TEST_CASE("trace checksums: the replay's check names a changed, an unlisted and a malformed entry")
{
  const fs::path dir = scratch();
  fs::create_directories(dir / "t_files");
  write(dir / "t.txt", "t_files/r0.txt\nt_files/r1.txt\n");
  write(dir / "t_files/r0.txt", "0 init\n0 send 1 0 8\n0 finalize\n");
  write(dir / "t_files/r1.txt", "1 init\n1 recv 0 0 8\n1 finalize\n");
  const auto line = [&](const std::string& name) {
    return base::file_hash128_hex((dir / name).string()) + "  " + name + "\n";
  };
  write(dir / "SUMS", line("t.txt") + line("t_files/r0.txt") + line("t_files/r1.txt"));
  const auto layout = apps::replay::read_layout((dir / "t.txt").string());
  CHECK(verify_error(layout, dir / "SUMS") == "");

  // One byte changed in rank 1's file.
  write(dir / "t_files/r1.txt", "1 init\n1 recv 0 0 9\n1 finalize\n");
  std::string e = verify_error(layout, dir / "SUMS");
  CHECK(e.find("r1.txt to hash to ") != std::string::npos);
  CHECK(e.find("(line 3)") != std::string::npos);
  CHECK(e.find("it hashes to " + base::file_hash128_hex((dir / "t_files/r1.txt").string())) != std::string::npos);

  // Rank 1's file not listed.
  write(dir / "SUMS", line("t.txt") + line("t_files/r0.txt"));
  e = verify_error(layout, dir / "SUMS");
  CHECK(e.find("r1.txt is not listed") != std::string::npos);

  // Not the format xxhsum writes.
  write(dir / "SUMS", line("t.txt") + "xyz t_files/r0.txt\n");
  e = verify_error(layout, dir / "SUMS");
  CHECK(e.find("line 2 is not") != std::string::npos);

  // No checksum file at all.
  e = verify_error(layout, dir / "none");
  CHECK(e.find("a readable checksum file") != std::string::npos);
  fs::remove_all(dir);
}
