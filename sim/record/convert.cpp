#include "sim/record/convert.hpp"

#include "apps/replay/otf2/archive_writer.hpp"
#include "apps/replay/otf2/convert.hpp"
#include "apps/replay/trace.hpp"
#include "apps/replay/unsupported_calls.hpp"
#include "base/units.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/results_dir.hpp"
#include "sim/record/trace_folder.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <ostream>

namespace bcssim::sim {
namespace fs = std::filesystem;

int convert(const ConvertOptions& options, std::ostream& out)
{
  const auto speed = base::parse_quantity(base::Quantity::frequency, options.host_speed);
  if (!speed || *speed <= 0)
    throw ScenarioError("--host-speed", options.host_speed,
                        "a positive frequency, the flops one second of the archive's computation becomes (e.g. 1GHz)");
  if (options.out.empty())
    throw ScenarioError("--out", "\"\"", "a folder path for the trace");
  std::error_code ec;
  if (!fs::is_regular_file(options.archive, ec))
    throw ScenarioError("convert", options.archive,
                        "an OTF2 archive's anchor file (the .otf2 file beside the archive's folder, e.g. "
                        "scorep-run/traces.otf2)");

  ResultsDir results(options.out, ReplacePolicy{options.force});
  const fs::path ranks = results.path(std::string(kTraceRanks) + "/rank-0.txt").parent_path(); // made by path()
  apps::replay::otf2::Conversion converted;
  try {
    converted = apps::replay::otf2::convert(options.archive, ranks, *speed);
  } catch (const apps::replay::otf2::Otf2Error& e) {
    const bool otf2 = fs::path(options.archive).extension() == ".otf2";
    throw ScenarioError("convert", options.archive,
                        std::string("an OTF2 archive of an MPI program: ") + e.what() +
                            (otf2 ? "" : " (to write a time-independent trace as an archive: --to otf2)"));
  }

  TraceSource source;
  source.command = "convert";
  source.described = options.archive;
  source.missing_hint = "an archive with at least one MPI rank's events";
  source.summary = {{"archive", fs::absolute(options.archive).lexically_normal().string()},
                    {"creator", converted.creator},
                    {"events", converted.events}};
  const TraceFolder folder =
      finish_trace_folder(results, options.out, ranks, options.host_speed, *speed, options.skip_unsupported, source);
  out << fmt::format("converted ({}): {} ranks, {} events -> {} (compute {}), {} s of computation -> {}/\n",
                     converted.creator.empty() ? "OTF2" : converted.creator, folder.ranks, converted.events,
                     base::counted(folder.actions, "action"), folder.computes, base::readable(folder.computation_s),
                     options.out.string());
  out << "replay on both MPIs: bcssim run " << (options.out / "scenario.json").string() << "\n";
  return 0;
}

int convert_to_otf2(const ConvertOptions& options, std::ostream& out)
{
  const auto speed = base::parse_quantity(base::Quantity::frequency, options.host_speed);
  if (!speed || *speed < 1 || *speed > 1e18 || std::floor(*speed) != *speed)
    throw ScenarioError("--host-speed", options.host_speed,
                        "a whole number of flop/s of at least 1Hz, the ticks a second of the archive's clock (a "
                        "tick a flop), e.g. 1GHz: the trace's replay.host_speed");
  if (options.out.empty())
    throw ScenarioError("--out", "\"\"", "a folder path for the archive");
  const apps::replay::Layout layout = apps::replay::read_layout(options.archive);
  apps::replay::validate(layout); // what the replay refuses is refused now, naming the rank file's line
  ResultsDir results(options.out, ReplacePolicy{options.force});
  const fs::path dir = results.path("traces.otf2").parent_path();
  const apps::replay::otf2::ArchiveWritten written =
      apps::replay::otf2::write_archive(layout, dir, std::uint64_t(*speed));
  const std::string report = apps::replay::unsupported_report(written.unsupported);
  if (!written.unsupported.empty() && !options.skip_unsupported)
    throw ScenarioError("convert --to otf2", options.archive,
                        "a trace whose actions an OTF2 archive holds as the replay needs them; it also has:" + report +
                            "\n--skip-unsupported writes the archive without them");
  if (!written.unsupported.empty())
    std::cerr << "warning: left out of the archive (--skip-unsupported):" << report << "\n";
  results.commit();
  out << fmt::format("converted to OTF2: {} ranks, {} events -> {}/traces.otf2\n", layout.ranks, written.events,
                     options.out.string());
  out << "and back: bcssim convert " << (options.out / "traces.otf2").string() << " --host-speed " << options.host_speed
      << " --out DIR\n";
  return 0;
}

} // namespace bcssim::sim
