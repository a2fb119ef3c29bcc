#pragma once
// `bcssim convert`: an OTF2 archive (Score-P, Scalasca, Vampir, TAU) converted into a trace folder bcs-sim replays,
// the same folder `bcssim record` leaves (trace_folder.hpp): the rank files from apps/replay/otf2/, then the
// index, checksums, convert.json and a scenario that replays the program on both MPIs.
#include <filesystem>
#include <iosfwd>
#include <string>

namespace bcssim::sim {

struct ConvertOptions {
  std::string archive;             // the archive's anchor file (traces.otf2); with to = "otf2", the trace
  std::string to = "trace";        // what to write: "trace" (from an OTF2 archive) or "otf2" (from a trace)
  std::filesystem::path out;       // the results folder
  std::string host_speed = "1GHz"; // the flops a second of the archive's computation becomes (replay.host_speed)
  bool force = false;              // replace an earlier results folder
  bool skip_unsupported = false;   // keep a trace whose program made calls it cannot hold
};

/// Converts options.archive into the folder options.out and tells `out` what was converted. Returns 0. Throws
/// ScenarioError (exit 2) for bad options, an archive that cannot be read or is not an MPI program's, and
/// unsupported records (unless skipped); base::ParamRuleError for a converted trace the replay would refuse.
int convert(const ConvertOptions& options, std::ostream& out);

/// `bcssim convert --to otf2`: the time-independent trace options.archive written as an OTF2 archive in the folder
/// options.out (apps/replay/otf2/archive_writer.hpp), computation at a tick a flop (the clock's resolution is the
/// host speed, a whole number of flop/s). Throws ScenarioError (exit 2) for bad options and for actions OTF2 cannot
/// hold as the replay needs them (unless skipped); base::ParamRuleError for a trace the replay would refuse.
int convert_to_otf2(const ConvertOptions& options, std::ostream& out);

} // namespace bcssim::sim
