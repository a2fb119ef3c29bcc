#pragma once
// SWEEP3D proxy: the communication and computation skeleton of sweep3d 2.2b's KBA wavefront (DESIGN §6, read
// from the public Fortran code). Ranks form an npe_i x npe_j grid; each iteration sweeps the 8 octants, and in
// each, for every angle block and k-block, a rank receives the inflow faces from its upstream neighbours,
// computes the block and sends the outflow faces downstream. Blocking (the original) or non-blocking (000 §6.3:
// Isend/Irecv + Waitall), in two readings of that rewrite (Variant).
#include "mpi/comm.hpp"

#include <cstdint>
#include <string>

namespace bcssim::apps::sweep3d {

enum class Variant {
  blocking,     // sweep3d 2.2b: MPI_Recv from upstream, compute, MPI_Send downstream
  non_blocking, // 000 §6.3 read literally: every Send/Recv pair becomes Isend/Irecv and one MPI_Waitall at the end of
                // the block completes all four, so a block computes without waiting for its inflow
  ordered,      // non-blocking calls that keep the wavefront's order: MPI_Waitall on the inflow before computing,
                // the octant's outflow completed by one MPI_Waitall at its end
};

/// A scenario's defaults and their sources: the declarations in app.cpp (sweep3d.*).
struct Spec {
  int npe_i = 0, npe_j = 0;       // process grid (npe_i * npe_j = ranks)
  int it_g = 0, jt_g = 0, kt = 0; // global grid cells
  int mm = 0;                     // angles per octant (3 or 6)
  int mmi = 0;                    // angles per block
  int mk = 0;                     // k-planes per block
  int iterations = 0;             // fixed count (sweep3d: epsi < 0)
  double grind = 0;               // seconds per cell-angle of a block's computation
  Variant variant = Variant::blocking;
  double imbalance = 0, variability = 0; // of each block's computation (apps/common/variable_work.hpp)
  std::uint64_t seed = 0;
};

/// The grid the way sweep3d chooses it for `ranks`: npe_i the largest divisor of ranks not above its square
/// root, npe_j = ranks / npe_i.
void square_grid(int ranks, int& npe_i, int& npe_j);

/// Throws std::invalid_argument naming the field when the spec cannot run on `ranks` ranks.
void check(const Spec& spec, int ranks);

/// One rank's place in the grid and the sizes it works with.
struct Geometry {
  int i = 0, j = 0;                                              // mype_i, mype_j
  int it = 0, jt = 0;                                            // local columns and rows
  int mk = 0;                                                    // min(mk, kt)
  int kb = 0;                                                    // k-blocks: ceil(kt / mk)
  int mmi = 0;                                                   // angles per block
  int mmo = 0;                                                   // angle blocks: mm / mmi
  bool west = false, east = false, south = false, north = false; // neighbours that exist
  std::uint64_t ew_bytes() const;                                // face sent east/west: jt * mk * mmi doubles
  std::uint64_t ns_bytes() const;                                // face sent north/south: it * mk * mmi doubles
};
Geometry geometry(const Spec& spec, int rank);

/// Point-to-point messages a rank sends per iteration, and their bytes (the formulas tests check the run with).
struct Traffic {
  std::uint64_t sends = 0, send_bytes = 0, recvs = 0, recv_bytes = 0;
};
Traffic traffic_per_iteration(const Spec& spec, int rank);

/// The main of every rank.
void run(mpi::Comm& comm, const Spec& spec);

} // namespace bcssim::apps::sweep3d
