#include "apps/replay/otf2_anchor.hpp"

#include "apps/replay/otf2/convert.hpp"
#include "apps/replay/unsupported_calls.hpp"
#include "base/params.hpp"
#include "base/scratch_folders.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <utility>

namespace bcssim::apps::replay {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void refuse(const std::string& anchor, const std::string& allowed)
{
  throw base::ParamRuleError(base::ParamError{"replay.trace", fmt::format("\"{}\"", anchor), allowed});
}

struct Converted {
  std::string index;
  UnsupportedCalls unsupported;
};

} // namespace

bool names_otf2(const std::string& trace) { return fs::path(trace).extension() == ".otf2"; }

std::string otf2_trace(const std::string& anchor, double host_speed)
{
  // Validation, the run-time estimates and the run all ask: the archive is read once per process.
  static std::map<std::pair<std::string, double>, Converted> converted;
  std::error_code ec;
  if (!fs::is_regular_file(anchor, ec))
    refuse(anchor, "an existing OTF2 archive's anchor file (the .otf2 file beside the archive's folder, e.g. "
                   "scorep-run/traces.otf2)");
  const std::pair<std::string, double> key{fs::absolute(anchor).lexically_normal().string(), host_speed};
  auto it = converted.find(key);
  if (it == converted.end()) {
    const fs::path folder = base::make_scratch_folder("bcssim-otf2");
    fs::create_directory(folder / "ranks");
    otf2::Conversion c;
    try {
      c = otf2::convert(anchor, folder / "ranks", host_speed);
    } catch (const otf2::Otf2Error& e) {
      refuse(anchor, std::string("an OTF2 archive of an MPI program: ") + e.what());
    }
    // The index: one rank file per line (a single rank's file is read as a trace of rank-prefixed lines).
    std::ofstream index(folder / "trace.txt");
    for (int r = 0; r < c.ranks; ++r)
      index << "ranks/rank-" << r << ".txt\n";
    if (!index.flush())
      refuse(anchor, fmt::format("an archive that can be converted: {} cannot be written", folder.string()));
    it = converted.emplace(key, Converted{(folder / "trace.txt").string(), std::move(c.unsupported)}).first;
  }
  const Converted& done = it->second;
  if (!done.unsupported.empty())
    refuse(anchor, "an archive of a program whose MPI calls the trace format holds; it also made:" +
                       unsupported_report(done.unsupported) + "\n`bcssim convert " + anchor +
                       " --out DIR --skip-unsupported` makes a trace without them "
                       "(their time counts as the computation around them) to name as replay.trace instead");
  return done.index;
}

} // namespace bcssim::apps::replay
