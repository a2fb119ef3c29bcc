// Catalogue entries of the applications (kind "app", apps/): the synthetic bulk-synchronous loop, the SWEEP3D
// proxy and the SAGE proxy, each with its inputs.
#include "sim/config/param_builders.hpp"

namespace bcssim::sim {
namespace {

// <app>.imbalance and <app>.variability: the seeded uneven work of apps/common/variable_work.hpp.
void declare_uneven_work(std::vector<ParamSpec>& c, const std::string& app, const std::string& interval)
{
  c.push_back(real(app + ".imbalance", 0, 0, 100,
                   "Static load imbalance: rank r computes (1 + imbalance x a_r) times the mean, a_r drawn once per "
                   "rank uniformly in [0, 1) from the seed.",
                   "scenario choice"));
  c.push_back(real(app + ".variability", 0, 0, 1,
                   "Dynamic variability: each " + interval + " is multiplied by 1 + variability x (2u - 1), u "
                   "uniform in [0, 1) drawn per rank and interval from the seed.",
                   "scenario choice"));
}

} // namespace

void declare_apps(std::vector<ParamSpec>& c)
{
  c.push_back(choice("app.name", "synthetic", {"synthetic", "sweep3d", "sage"},
                     "Application of kind 'app': 'synthetic' = the bulk-synchronous loop of apps/synthetic "
                     "(parameters synthetic.*); 'sweep3d' = the SWEEP3D wavefront proxy (parameters sweep3d.*); "
                     "'sage' = the SAGE hydrocode proxy (parameters sage.*).",
                     "scenario choice"));
  c.push_back(integer("app.processes", 0, 0, 16777216,
                      "MPI processes (ranks) of the application, placed by job.placement from node 0; 0 = every "
                      "PE of the machine (platform.nodes x platform.pes_per_node).",
                      "scenario choice"));

  // --- synthetic (002 §1.4) ---
  c.push_back(choice("synthetic.pattern", "barrier", {"barrier", "exchange"},
                     "After each computation: 'barrier' = MPI_Barrier; 'exchange' = MPI_Irecv from and MPI_Isend "
                     "to synthetic.neighbours partners, then MPI_Waitall.",
                     "002 §1.4 synthetic application"));
  c.push_back(quantity("synthetic.granularity", Quantity::time, "1ms", 0, 1e4,
                       "Computation per iteration of every rank, before imbalance and variability.",
                       "scenario choice (000 §6: 1-100 ms spans fine- to coarse-grained)"));
  c.push_back(integer("synthetic.iterations", 20, 1, 1e9, "Iterations of the loop.", "scenario choice"));
  c.push_back(integer("synthetic.neighbours", 2, 1, 1e6,
                      "Exchange partners of each rank: ranks at offsets +1, -1, +2, -2, ... (mod processes), the "
                      "first this many distinct ones.",
                      "scenario choice"));
  c.push_back(quantity("synthetic.message_size", Quantity::size, "4KiB", 0, 1e9,
                       "Bytes each rank sends to each partner per iteration (exchange).", "scenario choice"));
  declare_uneven_work(c, "synthetic", "iteration's computation");

  // --- sweep3d (DESIGN §6; sweep3d 2.2b input: npe_i npe_j mk mmi / it_g jt_g kt mm / epsi) ---
  c.push_back(choice("sweep3d.variant", "blocking", {"blocking", "non_blocking", "ordered"},
                     "'blocking' = sweep3d 2.2b's MPI_Recv / MPI_Send per block. 'non_blocking' = 000 §6.3 read "
                     "literally: each Send/Recv pair becomes Isend/Irecv and one MPI_Waitall at the end of the block "
                     "completes all four, so a block does not wait for its inflow before computing. 'ordered' = "
                     "non-blocking calls that keep the wavefront order: MPI_Waitall on the inflow before computing, "
                     "the octant's sends completed by one MPI_Waitall at its end.",
                     "000 §6.3 (the paper gives no code; both readings are offered)"));
  {
    ParamSpec npe_i = integer("sweep3d.npe_i", "auto", 1, 16777216,
                              "Process grid columns; \"auto\" = the largest divisor of app.processes not above its "
                              "square root (npe_j = processes / npe_i).",
                              "scenario choice");
    npe_i.allow_auto = true;
    c.push_back(npe_i);
  }
  c.push_back(choice("sweep3d.cells", "per_process", {"per_process", "global"},
                     "Whether sweep3d.it/jt/kt are each process's block (weak scaling: it_g = it x npe_i, "
                     "jt_g = jt x npe_j) or the global grid it_g, jt_g, kt (strong scaling).",
                     "001: 50x50x50 cells per process"));
  c.push_back(integer("sweep3d.it", 50, 1, 1e6, "Cells along i (see sweep3d.cells).", "001: 50x50x50 per process"));
  c.push_back(integer("sweep3d.jt", 50, 1, 1e6, "Cells along j (see sweep3d.cells).", "001: 50x50x50 per process"));
  c.push_back(integer("sweep3d.kt", 50, 1, 1e6, "Cells along k (not distributed).", "001: 50x50x50 per process"));
  c.push_back(integer("sweep3d.mm", 6, 3, 6, "Angles per octant: 3 or 6.", "sweep3d 2.2b standard input"));
  c.push_back(integer("sweep3d.mmi", 3, 1, 6, "Angles per block (divides sweep3d.mm).",
                      "sweep3d 2.2b standard input"));
  c.push_back(integer("sweep3d.mk", 10, 1, 1e6, "k-planes per block.", "sweep3d 2.2b standard input"));
  c.push_back(integer("sweep3d.iterations", 2, 1, 1e6,
                      "Source iterations (sweep3d's epsi < 0: a fixed count, each 8 octants and 2 MPI_Allreduce).",
                      "scenario choice"));
  c.push_back(real("sweep3d.grind_cycles", 46.67, 0, 1e9,
                   "PE cycles per cell-angle of a block's computation (scaled by platform.pe_speed): the grind "
                   "time of sweep3d on the platform's CPU.",
                   "000 §6.3: a compute step takes about 3.5 ms on Crescendo's 1 GHz Pentium-III with 001's "
                   "50x50x50 cells per process; a step is one block of 50 x 50 x mk=10 x mmi=3 = 75,000 "
                   "cell-angles, so 3.5e6 cycles / 75,000 = 46.67 cycles. Assumed to hold on other CPUs"));

  // --- sage (000 §6.2, DESIGN §6): weak-scaled, E cells per process, linear cell decomposition ---
  c.push_back(integer("sage.cells_per_process", 13500, 1, 1e9,
                      "Cells each process owns (E; weak scaling: the grid grows with the processes). The cells of "
                      "the L x L x Lz grid are numbered x, then y, then z, and process p owns [pE, pE + E).",
                      "Kerbyson et al., SC'01 (SAGE's weak-scaled timing runs use 13,500 cells per PE); the seeds "
                      "give no cell count"));
  c.push_back(integer("sage.cycles", 10, 1, 1e6, "Hydro cycles simulated.", "scenario choice"));
  c.push_back(integer("sage.exchanges", 3, 0, 1e4,
                      "Gather/scatter ghost exchanges per cycle: MPI_Irecv from and MPI_Isend to every neighbour, "
                      "then MPI_Waitall.",
                      "000 Table 5.3: with sage.allreduces = 10, the ratio of MPI_Allreduce to MPI_Waitall calls "
                      "(7025 / 2140 = 3.3)"));
  c.push_back(integer("sage.allreduces", 10, 0, 1e4,
                      "One-double MPI_Allreduce (MIN) per cycle, spread evenly behind the exchanges; a cycle needs "
                      "at least one exchange or allreduce.",
                      "000 Table 5.3 (see sage.exchanges)"));
  c.push_back(quantity("sage.ghost_size", Quantity::size, "8B", 0, 1e6,
                       "Bytes per pair of face-adjacent cells owned by two processes, per exchange (one double: "
                       "SAGE gathers one variable at a time).",
                       "scenario choice"));
  c.push_back(real("sage.cell_cycles", 9111, 0, 1e12,
                   "PE cycles of computation per cell per cycle (scaled by platform.pe_speed), split evenly over "
                   "the cycle's exchanges and allreduces (each ends one computation interval).",
                   "000 Table 5.3: mean computation granularity 9.461 ms on Crescendo's 1 GHz Pentium-III; with "
                   "13 intervals per cycle (3 exchanges + 10 allreduces) and 13,500 cells per process, "
                   "9.461e6 x 13 / 13,500 = 9111 cycles. A workload figure of the application, not a fit of its "
                   "runtime"));
  declare_uneven_work(c, "sage", "computation interval");
}

} // namespace bcssim::sim
