#pragma once
// A time-independent trace written as an OTF2 archive (`bcssim convert --to otf2`), for the HPC tools' viewers
// (Vampir, Score-P's tools) and so that a trace can go to OTF2 and come back (convert.hpp). Each MPI action is its
// function's region of no duration holding the records Score-P writes for it (MpiSend, MpiIsend + MpiIsendComplete,
// MpiRecv, MpiIrecvRequest + MpiIrecv, MpiCollectiveBegin/End with Score-P's byte counts: collectives.hpp), and each
// computation burst a region of its own of as many ticks as flops (the clock's resolution is the host speed), with a
// reduction's element size and an alltoallv's per-pair counts as attributes (bcssim_records.hpp). Built into the replay's library (it reads traces
// with its ActionReader); the folder keeps OTF2 in one place.
#include "apps/replay/trace.hpp"
#include "apps/replay/unsupported_calls.hpp"

#include <cstdint>
#include <filesystem>
#include <string>

namespace bcssim::apps::replay::otf2 {

struct ArchiveWritten {
  std::uint64_t events = 0;
  /// What OTF2 cannot hold as the replay needs it, (count, ranks) by kind: refused, or left out when skipped.
  UnsupportedCalls unsupported;
};

/// Writes `dir`/traces.otf2 (and traces.def, traces/) from `layout`'s ranks at `host_speed` flop/s (a whole number
/// of ticks a second). Throws std::runtime_error if the archive cannot be written; base::ParamRuleError for a line
/// the trace reader refuses.
ArchiveWritten write_archive(const Layout& layout, const std::filesystem::path& dir, std::uint64_t host_speed);

} // namespace bcssim::apps::replay::otf2
