#pragma once
// OTF2 archives (Score-P, Scalasca, Vampir, TAU: the HPC tools' trace format) converted into the time-independent
// trace the replay reads (docs/trace-format.md, "Converting an OTF2 archive"). Each MPI rank's location is read on
// its own, event by event, and written as it is read into its rank file, so memory holds one location's open
// requests, not the archive. What each record becomes:
//  - the time outside MPI regions: `compute <flops>` at the host speed (whole flops, the remainder carried);
//  - MpiSend / MpiIsend (+ MpiIsendComplete) / MpiRecv / MpiIrecvRequest (+ MpiIrecv): send, isend (+ wait), recv,
//    irecv (+ wait), with the sender the receive matched (OTF2 records that, not the wildcard posted);
//  - MPI_Sendrecv's MpiSend and MpiRecv: isend, irecv and their two waits, as `bcssim record` writes them;
//  - MpiCollectiveEnd: the collective's action, its sizes recovered from Score-P's byte counts (collectives.hpp);
//    gatherv, scatterv, allgatherv and reduce_scatter from every rank's record of the call (v_collectives.hpp: a
//    second pass over the archive, only when it has them).
// What the format cannot hold is counted per kind and written as `# unsupported <count> <what>` at the end of the
// rank's file, as the recorder does: communicators other than MPI_COMM_WORLD (or one congruent with it),
// non-blocking collectives, one-sided communication, I/O, threads, and alltoallv/w, whose per-pair split no record
// keeps.
#include "apps/replay/unsupported_calls.hpp"

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace bcssim::apps::replay::otf2 {

/// The archive cannot be read or is not an MPI program's: the message names the archive and what is wrong.
class Otf2Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Conversion {
  int ranks = 0;
  std::string creator;      // the archive's creator (e.g. "Score-P 8.1")
  std::uint64_t events = 0; // events read
  /// What the format could not hold: (its count, the ranks that made it) by kind, as the rank files' `# unsupported`
  /// lines say.
  UnsupportedCalls unsupported;
};

/// Writes `ranks_dir`/rank-<r>.txt for each MPI rank of the archive whose anchor file is `anchor` (the .otf2 file),
/// computation at `host_speed` flops per second.
Conversion convert(const std::string& anchor, const std::filesystem::path& ranks_dir, double host_speed);

} // namespace bcssim::apps::replay::otf2
