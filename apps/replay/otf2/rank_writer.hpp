#pragma once
// One MPI rank's events, as its OTF2 location's reader gives them, written as that rank's trace file (convert.hpp
// says what each record becomes). Lines go out as they are made, except behind a non-blocking receive whose
// source, tag and size OTF2 gives only at its completion: those wait for it (only the rank's open receives stay in
// memory).
#include "apps/replay/otf2/collectives.hpp"
#include "apps/replay/otf2/definitions.hpp"
#include "apps/replay/otf2/v_collectives.hpp"

#include <cstdint>
#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace bcssim::apps::replay::otf2 {

class RankWriter {
public:
  /// `v`: the v collectives' per-rank counts (a first pass over every rank), or null when not read (yet).
  RankWriter(const Definitions& defs, int rank, int ranks, double host_speed, const std::string& file,
             const VCollectives* v = nullptr);

  void enter(OTF2_TimeStamp time, OTF2_RegionRef region);
  void leave(OTF2_TimeStamp time, OTF2_RegionRef region);
  void send(std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes);
  void isend(std::uint32_t to, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes, std::uint64_t request);
  void isend_complete(std::uint64_t request);
  void irecv_request(std::uint64_t request);
  void irecv(std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes, std::uint64_t request);
  void recv(std::uint32_t from, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes);
  void cancelled(std::uint64_t request);
  void collective(OTF2_CommRef comm, const CollectiveRecord& c);
  /// A record the format cannot hold (e.g. "one-sided communication (RMA)").
  void unsupported(const std::string& what, long count = 1) { unsupported_[what] += count; }

  /// Ends the file: `finalize`, the open receives dropped (counted), and the `# unsupported` lines.
  void finish();
  std::uint64_t events() const { return events_; }
  const Definitions& definitions() const { return defs_; }
  /// What the rank made that the format cannot hold, by kind (its file's `# unsupported` lines).
  const std::map<std::string, long>& unsupported() const { return unsupported_; }
  /// Whether the rank made v collectives on MPI_COMM_WORLD while no counts were given (then counted unsupported).
  bool wants_per_rank_counts() const { return v_ == nullptr && v_calls_ > 0; }

private:
  void line(std::string text);
  /// The computation since the last MPI call up to `time`, as a `compute` line of whole flops.
  void computation_until(OTF2_TimeStamp time);
  bool world(OTF2_CommRef comm, const char* what);
  /// Within MPI_Sendrecv (or _replace), whose send and receive are written as two requests.
  bool in_sendrecv() const { return outer_call_.rfind("MPI_Sendrecv", 0) == 0; }
  void flush();

  const Definitions& defs_;
  int rank_;
  int ranks_;
  double ticks_to_flops_; // host speed / timer resolution
  std::ofstream out_;
  std::uint64_t events_ = 0;

  // Computation: the time outside MPI regions, from the first MPI call on.
  int mpi_depth_ = 0;
  bool started_ = false;
  OTF2_TimeStamp left_mpi_at_ = 0;
  long double flops_due_ = 0; // of the gaps so far
  std::uint64_t flops_written_ = 0;
  std::string outer_call_; // the outermost MPI region's name while in one

  // Lines behind an open non-blocking receive; `waiting` marks a receive's own line, filled at its completion.
  struct Line {
    std::string text;
    bool waiting = false;
  };
  std::deque<Line> held_;
  std::uint64_t held_first_ = 0;                                            // the number of the first held line
  std::map<std::uint64_t, std::uint64_t> irecvs_;                           // request -> its line's number
  std::map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> isends_; // request -> (to, tag)
  // MPI_Sendrecv: its send and receive, waited for when it ends.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> sendrecv_send_, sendrecv_recv_;
  std::map<std::string, long> unsupported_;
  const VCollectives* v_;
  std::size_t v_calls_ = 0; // v collectives of MPI_COMM_WORLD so far
};

} // namespace bcssim::apps::replay::otf2
