#pragma once
// A collective's trace action from what OTF2 keeps of it: its operation, root, and the bytes this rank sent and
// received as Score-P counts them (scorep_mpi_coll_bytes_*). With N ranks and b the bytes of one block:
//   barrier 0 / 0; bcast root N*b / b, others 0 / b; reduce b / N*b at the root, b / 0 elsewhere;
//   allreduce and reduce_scatter_block N*b / N*b; gather b / N*b at the root (in place 0 / (N-1)*b), b / 0
//   elsewhere; scatter root N*b / b, others 0 / b; allgather and alltoall N*b / N*b; scan (N-r)*b / (r+1)*b;
//   exscan (N-1-r)*b / r*b.
// The v collectives and reduce_scatter keep only this rank's totals, not the per-rank split the action needs: their
// actions come from every rank's record (v_collectives.hpp), and this gives them as unsupported until then;
// alltoallv and alltoallw, whose per-pair split no record of another tool keeps, stay unsupported (bcs-sim's own
// archives carry alltoallv's as an attribute), as the non-blocking and handle operations are.
#include <cstdint>
#include <optional>
#include <string>

namespace bcssim::apps::replay::otf2 {

struct CollectiveRecord {
  int op = 0;             // OTF2_CollectiveOp
  std::uint32_t root = 0; // OTF2's root (OTF2_UNDEFINED_UINT32 when none)
  std::uint64_t sent = 0;
  std::uint64_t received = 0;
  int element = 0;   // a reduction's element size (bcssim_records.hpp: 4 or 8), or 0: counted in bytes
  std::string pairs; // an alltoallv's per-pair counts of bcs-sim's own archive (bcssim_records.hpp), or ""
};

/// The datatype field of a reduction of `element`-byte elements: SMPI's id of MPI_DOUBLE (" 0") for 8, of MPI_INT
/// (" 1") for 4, none (bytes) otherwise.
std::string datatype_field(int element);
/// A reduction's count and datatype fields for `bytes` of elements of `element` bytes (" <count>" and, for 4 or 8,
/// SMPI's id of MPI_INT or MPI_DOUBLE after `between`, the fields in between), or " <bytes>" as bytes.
std::string reduction_fields(std::uint64_t bytes, int element, const std::string& between);

struct CollectiveAction {
  std::string line;        // the action and its fields, without the rank (e.g. "bcast 4096 0"); empty if unsupported
  std::string unsupported; // what to count when `line` is empty (e.g. "MPI_Alltoallv (per-rank sizes not recorded)")
};

/// The action of rank `rank` of `ranks` for `c`.
CollectiveAction collective_action(const CollectiveRecord& c, int rank, int ranks);

} // namespace bcssim::apps::replay::otf2
