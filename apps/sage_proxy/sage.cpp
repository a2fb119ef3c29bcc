#include "apps/sage_proxy/sage.hpp"

#include "apps/common/variable_work.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bcssim::apps::sage {
namespace {

void require(bool ok, const std::string& what)
{
  if (!ok)
    throw std::invalid_argument(what);
}

// Cells c in [0, end) with c mod period < kept.
std::int64_t count_below(std::int64_t end, std::int64_t period, std::int64_t kept)
{
  return end / period * kept + std::min(end % period, kept);
}

constexpr int tag_ghost = 3;

} // namespace

void check(const Spec& s)
{
  require(s.cells_per_process >= 1, "sage: cells_per_process must be at least 1");
  require(s.cycles >= 1, "sage: cycles must be at least 1");
  require(s.exchanges >= 0 && s.allreduces >= 0 && s.exchanges + s.allreduces >= 1,
          "sage: a cycle needs at least one exchange or allreduce");
  require(s.cell_time >= 0, "sage: cell_time must not be negative");
  require(s.imbalance >= 0, "sage: imbalance must not be negative");
  require(s.variability >= 0 && s.variability <= 1, "sage: variability must be in [0, 1]");
}

Grid grid(const Spec& s, int processes)
{
  Grid g;
  g.cells = s.cells_per_process * processes;
  g.side = std::max<std::int64_t>(1, std::int64_t(std::cbrt(double(g.cells))) - 1);
  while (g.side * g.side * g.side < g.cells) // exact: the estimate only saves iterations
    ++g.side;
  return g;
}

std::int64_t adjacent_pairs(const Spec& s, const Grid& g, int p, int q, std::int64_t stride)
{
  if (q < p)
    return adjacent_pairs(s, g, q, p, stride);
  const std::int64_t e = s.cells_per_process;
  // c in p's range with c + stride in q's range.
  const std::int64_t lo = std::max(p * e, q * e - stride);
  const std::int64_t hi = std::min(p * e + e, q * e + e - stride);
  if (hi <= lo)
    return 0;
  // c and c + stride must lie in the same row (x: stride 1) or the same plane (y: stride L); along z every pair in
  // the grid is adjacent.
  const std::int64_t period = stride * g.side;
  if (stride == g.side * g.side)
    return hi - lo;
  return count_below(hi, period, period - stride) - count_below(lo, period, period - stride);
}

std::vector<Neighbour> neighbours(const Spec& s, int processes, int rank)
{
  const Grid g = grid(s, processes);
  const std::int64_t e = s.cells_per_process;
  const std::int64_t plane = g.side * g.side;
  // The farthest process a cell can touch is one plane away.
  const int first = int(std::max<std::int64_t>(0, (rank * e - plane) / e));
  const int last = int(std::min<std::int64_t>(processes - 1, (rank * e + e - 1 + plane) / e));
  std::vector<Neighbour> out;
  for (int q = first; q <= last; ++q) {
    if (q == rank)
      continue;
    std::int64_t pairs = 0;
    for (std::int64_t stride : {std::int64_t(1), g.side, plane})
      pairs += adjacent_pairs(s, g, rank, q, stride);
    if (pairs > 0)
      out.push_back({q, std::uint64_t(pairs) * s.ghost_bytes});
  }
  return out;
}

void run(mpi::Comm& comm, const Spec& s)
{
  check(s);
  const std::vector<Neighbour> near = neighbours(s, comm.size(), comm.rank());
  const int steps = s.exchanges + s.allreduces;
  // The adaptive mesh makes the real code's work uneven (sage.imbalance, sage.variability).
  VariableWork work(double(s.cells_per_process) * s.cell_time / steps, s.imbalance, s.variability, s.seed, comm.rank());

  // Set-up: the input deck broadcast from rank 0, then a barrier (Table 5.3 counts 2 MPI_Barrier per run).
  std::int64_t deck[4] = {s.cells_per_process, s.cycles, s.exchanges, s.allreduces};
  comm.bcast(deck, sizeof deck, 0);
  comm.barrier();

  std::vector<mpi::Request> pending;
  for (int cycle = 0; cycle < s.cycles; ++cycle) {
    auto allreduce_step = [&] {
      comm.compute(work.next());
      double dt = 1.0, dt_min = 0; // the time-step control: the smallest stable step of all processes
      comm.allreduce(&dt, &dt_min, 1, mpi::Datatype::float64, mpi::Op::min);
    };
    for (int x = 0; x < s.exchanges; ++x) {
      comm.compute(work.next());
      // A gather/scatter: every ghost face at once, completed together.
      for (const Neighbour& n : near)
        pending.push_back(comm.irecv(nullptr, n.bytes, n.rank, tag_ghost));
      for (const Neighbour& n : near)
        pending.push_back(comm.isend(nullptr, n.bytes, n.rank, tag_ghost));
      comm.waitall(pending);
      pending.clear();
      // The cycle's allreduces are spread evenly behind its exchanges.
      const int from = s.allreduces * x / s.exchanges, to = s.allreduces * (x + 1) / s.exchanges;
      for (int a = from; a < to; ++a)
        allreduce_step();
    }
    if (s.exchanges == 0)
      for (int a = 0; a < s.allreduces; ++a)
        allreduce_step();
  }
  comm.barrier();
}

} // namespace bcssim::apps::sage
