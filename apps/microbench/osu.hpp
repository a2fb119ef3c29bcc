#pragma once
// OSU-style MPI microbenchmarks (osu_latency, osu_bw, osu_bibw, osu_barrier/bcast/allreduce) written against
// mpi::Comm only, so they run unchanged on every backend. Each function is the main of every rank of a job;
// timings are simulated seconds read by the ranks themselves, over `iterations` repetitions after 2 untimed
// warm-up repetitions. Payloads are size-only: these measure time, correctness is tested elsewhere.
#include "mpi/comm.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::apps::microbench {

inline constexpr int warmup = 2;

/// Result written by rank 0 (two-rank tests) or by every rank (collectives).
struct Timing {
  double seconds = 0;      // the timed repetitions
  std::uint64_t moved = 0; // payload bytes sent one way during them
};

/// Ranks 0 and 1: ping-pong of `bytes`, each rank having first posted `posted - 1` receives that never match
/// (003 Table 2). Rank 0 writes the time of `iterations` round trips.
void pingpong(mpi::Comm& comm, std::uint64_t bytes, int iterations, unsigned posted, Timing& rank0);

/// Ranks 0 and 1: rank 0 sends `window` non-blocking messages, rank 1 receives them and answers with a 4-byte
/// acknowledgement; rank 0 writes the time and the bytes sent.
void bandwidth(mpi::Comm& comm, std::uint64_t bytes, int window, int iterations, Timing& rank0);

/// Ranks 0 and 1: both send `window` messages to each other at once; rank 0 writes the time and the bytes sent
/// each way.
void bidirectional(mpi::Comm& comm, std::uint64_t bytes, int window, int iterations, Timing& rank0);

enum class Collective { barrier, bcast, allreduce };

/// Every rank: `iterations` calls of the collective (bcast from rank 0; allreduce: bytes / 8 doubles, sum)
/// after a barrier; rank r writes its own time into per_rank[r].
void collective(mpi::Comm& comm, Collective which, std::uint64_t bytes, int iterations, std::vector<Timing>& per_rank);

/// Ranks 0 and 1: both Send `bytes` to each other, then Recv. MPI allows this to deadlock (it is "unsafe");
/// it completes only while the message goes eagerly.
void head_to_head(mpi::Comm& comm, std::uint64_t bytes, Timing& rank0);

} // namespace bcssim::apps::microbench
