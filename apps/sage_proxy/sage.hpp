#pragma once
// SAGE proxy: the communication and computation skeleton of SAGE, LANL's adaptive-grid Eulerian hydrocode
// (000 §6.2, 002 §1.4), run weak-scaled on its timing decks. Every process owns E cells; the cells of the 3-D
// grid are numbered x fastest, then y, then z, and process p owns the contiguous range [pE, pE + E) — SAGE's
// linear cell decomposition. Its neighbours, and the size of each ghost exchange, follow from which of its cells
// touch another process's cells along x (stride 1), y (stride L) and z (stride L²). A cycle is computation split
// into steps, each ending in a blocking call: gather/scatter ghost exchanges (MPI_Irecv from and MPI_Isend to
// every neighbour, then MPI_Waitall) and one-double MPI_Allreduce (time-step control, convergence).
#include "mpi/comm.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::apps::sage {

/// A scenario's defaults and their sources: the declarations in app.cpp (sage.*).
struct Spec {
  std::int64_t cells_per_process = 0; // E
  int cycles = 0;                     // hydro cycles
  int exchanges = 0;                  // gather/scatter ghost exchanges per cycle
  int allreduces = 0;                 // one-double MPI_Allreduce per cycle
  std::uint64_t ghost_bytes = 0;      // bytes per pair of face-adjacent cells per exchange
  double cell_time = 0;               // seconds of computation per cell per cycle
  double imbalance = 0;               // static: rank r computes (1 + imbalance * a_r) times more, a_r uniform in [0, 1)
  double variability = 0;             // per interval: times (1 + variability * (2u - 1)), u uniform in [0, 1)
  std::uint64_t seed = 0;             // of the per-rank random streams (base/rng.hpp)
};

/// Throws std::invalid_argument naming the field when the spec cannot run.
void check(const Spec& spec);

/// The global grid of `processes` x E cells: an L x L x Lz box, L the smallest integer with L³ >= cells, filled
/// plane by plane (the last plane may be partial).
struct Grid {
  std::int64_t cells = 0, side = 0; // total cells, L
};
Grid grid(const Spec& spec, int processes);

/// A process that shares faces with `rank`, and the bytes they exchange each way per ghost exchange.
struct Neighbour {
  int rank = 0;
  std::uint64_t bytes = 0;
};
/// In increasing rank order; a process's neighbours are symmetric (q in n(p) with b bytes <=> p in n(q) with b).
std::vector<Neighbour> neighbours(const Spec& spec, int processes, int rank);

/// Adjacent cell pairs (c in p, c + stride in q) for one direction: the exact count of the linear decomposition.
std::int64_t adjacent_pairs(const Spec& spec, const Grid& grid, int p, int q, std::int64_t stride);

/// The main of every rank.
void run(mpi::Comm& comm, const Spec& spec);

} // namespace bcssim::apps::sage
