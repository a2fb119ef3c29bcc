#pragma once
// MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv and MPI_Reduce_scatter from OTF2. Score-P records only a rank's own
// byte counts for them (scorep_mpi_coll_bytes_*: gatherv b_r / 0 on a rank and its own block / the total received
// at the root; scatterv the reverse; allgatherv N*b_r / the sum received; reduce_scatter the total sent / N*b_r),
// so no one record gives the per-rank counts an action needs. Every rank records its own share of the same call,
// though: MPI orders the collectives of one communicator alike on every rank, so the k-th v collective of
// MPI_COMM_WORLD on every rank is one call, and the counts come from all ranks' k-th records (a first pass over
// every location, made only when the archive has such calls). Held in memory: 16 bytes per rank and call.
// MPI_Alltoallv and _Alltoallw stay unsupported: their per-pair split is in no record.
#include "apps/replay/otf2/collectives.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bcssim::apps::replay::otf2 {

/// Whether `op` (an OTF2_CollectiveOp) is one of the four whose counts come from every rank's record.
bool per_rank_counts(int op);

class VCollectives {
public:
  explicit VCollectives(int ranks) : by_rank_(std::size_t(ranks)) {}

  /// Rank `rank`'s next such call of MPI_COMM_WORLD (the first pass, in its order).
  void add(int rank, const CollectiveRecord& c) { by_rank_.at(std::size_t(rank)).push_back(c); }
  /// Rank `rank`'s action for its `k`-th such call, from every rank's k-th record.
  CollectiveAction action(int rank, std::size_t k) const;

private:
  std::vector<std::vector<CollectiveRecord>> by_rank_;
};

} // namespace bcssim::apps::replay::otf2
