#pragma once
// The synthetic bulk-synchronous application (002 §1.4 style; thesis ch. 6 §6.3.2's "building block"): a loop of
// computation followed by a barrier, a non-blocking exchange with a fixed set of neighbours completed by
// MPI_Waitall, or the nearest-neighbour ring of chapter 6 with blocking calls or with non-blocking ones completed
// in the next iteration (§6.3.2.5). It exerts no memory pressure; what it controls is the granularity, the
// communication pattern, each process's share of the work and the variability of the work.
#include "apps/common/variable_work.hpp"
#include "mpi/comm.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::apps::synthetic {

enum class Pattern { barrier, exchange, ring, ring_nonblocking, none };

/// A scenario's defaults and their sources: the declarations in app.cpp (synthetic.*).
struct Spec {
  Pattern pattern = Pattern::barrier;
  double granularity = 0; // seconds of computation per iteration (before imbalance and variability)
  int iterations = 0;
  int neighbours = 0;              // exchange: partners at offsets +1, -1, +2, -2, ... (mod size)
  std::uint64_t message_bytes = 0; // exchange: bytes sent to each partner per iteration
  double imbalance = 0;            // static: rank r computes granularity * (1 + imbalance * a_r), a_r uniform in [0, 1)
  double variability = 0;          // per iteration: times (1 + variability * (2u - 1)), u uniform in [0, 1)
  std::vector<double> work_factors; // rank r computes work_factors[r] times as much (empty: 1 for every rank)
  std::uint64_t seed = 0;
};

/// Offsets o (1 <= o < size) of the ranks a rank sends to, r + o mod size: the first `neighbours` distinct
/// values of +1, -1, +2, -2, ... (fewer when the job is too small). Rank r receives from r - o for each.
std::vector<int> partner_offsets(int size, int neighbours);

/// The seconds a rank computes in each iteration, deterministic in spec.seed (apps/common/variable_work.hpp).
class Workload : public VariableWork {
public:
  Workload(const Spec& spec, int rank)
      : VariableWork(spec.granularity, spec.imbalance, spec.variability, spec.seed, rank)
  {
  }
};

/// The main of every rank.
void run(mpi::Comm& comm, const Spec& spec);

} // namespace bcssim::apps::synthetic
