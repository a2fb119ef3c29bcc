#include "sim/record/trace_folder.hpp"

#include "apps/replay/trace.hpp"
#include "apps/replay/unsupported_calls.hpp"
#include "base/file_hash.hpp"
#include "base/units.hpp"
#include "sim/config/scenario.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <vector>

namespace bcssim::sim {
namespace fs = std::filesystem;
namespace {

constexpr const char* kIndex = "trace.txt"; // the trace's index (replay.trace)
constexpr const char* kSums = "XXH128SUMS"; // its checksums (replay.checksums)

// What one rank's file holds: its actions by name, its computation, and what it could not hold.
struct RankFile {
  std::map<std::string, long> actions;
  double flops = 0;
  std::map<std::string, long> unsupported;
};

RankFile read_rank(const fs::path& file)
{
  RankFile r;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# unsupported ", 0) == 0) { // "# unsupported <count> <what>"
      const std::string rest = line.substr(14);
      const std::size_t gap = rest.find(' ');
      r.unsupported[rest.substr(gap + 1)] += std::atol(rest.substr(0, gap).c_str());
      continue;
    }
    if (line.empty() || line[0] == '#')
      continue;
    const std::size_t a = line.find(' ');
    const std::size_t b = line.find(' ', a + 1);
    const std::string action = line.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
    ++r.actions[action];
    if (action == "compute")
      r.flops += std::atof(line.c_str() + b + 1);
  }
  return r;
}

// The platform preset a trace of `ranks` ranks fits on, smallest first (one rank per PE).
std::string preset_for(int ranks)
{
  if (ranks <= 64)
    return "crescendo"; // 32 nodes x 2 PEs
  if (ranks <= 256)
    return "wolverine"; // 64 nodes x 4 PEs
  return "asci-q";      // 2048 nodes x 4 PEs
}

} // namespace

TraceFolder finish_trace_folder(ResultsDir& results, const fs::path& out, const fs::path& ranks,
                                const std::string& host_speed, double speed, bool skip_unsupported,
                                const TraceSource& source)
{
  // The rank files: rank-0.txt ... rank-<n-1>.txt, every one there.
  std::set<int> found;
  for (const auto& entry : fs::directory_iterator(ranks)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("rank-", 0) == 0 && name.size() > 9 && name.substr(name.size() - 4) == ".txt")
      found.insert(std::atoi(name.c_str() + 5));
  }
  if (found.empty())
    throw ScenarioError(source.command, source.described, source.missing_hint);
  const int n = *found.rbegin() + 1;
  for (int r = 0; r < n; ++r)
    if (found.count(r) == 0)
      throw ScenarioError(source.command, source.described,
                          fmt::format("every rank of the run recorded: rank {} of {} wrote no trace", r, n));

  std::vector<RankFile> files;
  apps::replay::UnsupportedCalls unsupported;
  std::string index;
  std::vector<std::string> listed{kIndex}; // what the checksums cover: every file the replay reads
  for (int r = 0; r < n; ++r) {
    const std::string name = fmt::format("{}/rank-{}.txt", kTraceRanks, r);
    files.push_back(read_rank(ranks / fmt::format("rank-{}.txt", r)));
    for (const auto& [what, count] : files.back().unsupported)
      apps::replay::count_unsupported(unsupported, what, count, r);
    index += name + "\n";
    listed.push_back(name);
  }
  nlohmann::json skipped = nlohmann::json::array();
  const std::string report = apps::replay::unsupported_report(unsupported);
  for (const auto& [what, seen] : unsupported)
    skipped.push_back({{"call", what}, {"count", seen.first}, {"ranks", seen.second.size()}});
  if (!unsupported.empty() && !skip_unsupported)
    throw ScenarioError(source.command, source.described,
                        "a program whose MPI calls the trace format holds; it also made:" + report +
                            "\n--skip-unsupported keeps the trace without them (their time counts as the "
                            "computation around them)");
  if (!unsupported.empty())
    std::cerr << "warning: left out of the trace (--skip-unsupported):" << report << "\n";

  results.write(kIndex, index);
  const std::string index_path = (out / kIndex).string();
  const apps::replay::Layout layout = apps::replay::read_layout(results.path(kIndex).string());
  apps::replay::validate(layout); // what the replay refuses is refused now, naming the rank file's line
  std::string sums;
  for (const std::string& name : listed)
    sums += base::file_hash128_hex(results.path(name).string()) + "  " + name + "\n";
  results.write(kSums, sums);

  // The replay's results go to out/<name>: not the trace's own folder, whatever `out` was.
  const std::string name =
      (out.filename().empty() ? out.parent_path().filename().string() : out.filename().string()) + "-replay";
  const nlohmann::json scenario = {
      {"name", name},
      {"kind", "app"},
      {"platform", {{"preset", preset_for(n)}}},
      {"app", {{"name", "replay"}}},
      {"replay", {{"trace", index_path}, {"host_speed", host_speed}, {"checksums", (out / kSums).string()}}},
      {"compare", true}};
  results.write("scenario.json", scenario.dump(2) + "\n");

  TraceFolder folder;
  folder.ranks = n;
  nlohmann::json actions = nlohmann::json::object();
  double flops = 0;
  for (const RankFile& f : files) {
    for (const auto& [action, count] : f.actions) {
      actions[action] = actions.value(action, 0L) + count;
      folder.actions += count;
    }
    flops += f.flops;
  }
  folder.computes = actions.value("compute", 0L);
  folder.computation_s = flops / speed;
  nlohmann::json summary = source.summary;
  summary["host_speed"] = host_speed;
  summary["ranks"] = n;
  summary["actions"] = actions;
  summary["computation_s"] = folder.computation_s;
  summary["left_out"] = skipped;
  results.write(source.command + ".json", summary.dump(2) + "\n");
  results.commit();
  return folder;
}

} // namespace bcssim::sim
