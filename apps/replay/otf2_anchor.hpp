#pragma once
// replay.trace naming an OTF2 archive's anchor (Score-P's traces.otf2) instead of a time-independent trace: the
// archive is converted as `bcssim convert` converts it (apps/replay/otf2/convert.hpp), once per process, into a
// scratch folder that lives as long as the process (base/scratch_folders.hpp), and that trace is replayed. What the
// trace format cannot hold is named with its counts and refused: `bcssim convert --skip-unsupported` makes a trace
// without them (a scenario parameter for it would be one more key in every results folder's summary, for a rare
// case the command covers).
#include <string>

namespace bcssim::apps::replay {

/// Whether `trace` names an OTF2 archive (its anchor file ends in ".otf2").
bool names_otf2(const std::string& trace);

/// The index of the trace archive `anchor` converts into at `host_speed` flop/s. Throws base::ParamRuleError naming
/// replay.trace for an archive that cannot be converted, and for calls the format cannot hold.
std::string otf2_trace(const std::string& anchor, double host_speed);

} // namespace bcssim::apps::replay
