// Catalogue entries of the Monitoring and Debugging System (000 §5, bcs/mds): the MMDS of the processes and the
// EMDS of the NICs, each off unless asked for.
#include "sim/config/param_builders.hpp"

namespace bcssim::sim {

void declare_mds(std::vector<ParamSpec>& c)
{
  c.push_back(boolean("bcs.mds.mmds",
                      false,
                      "MMDS on every BCS-MPI process: per-primitive summary (000 Table 5.3), computation-granularity "
                      "and communication-overhead distributions, latency and size distributions of "
                      "bcs.mds.primitives (mmds*.csv). Its bookkeeping costs host time."));
  c.push_back(integer("bcs.mds.mmds_update_cycles", 100, 0, 1e9,
                      "Host cycles of one MMDS update (a distribution bin and a summary row), on top of reading the "
                      "Elan clock across PCI; two updates per MPI call.",
                      "assumed: a few loads, stores and a divide; 000 §5.1.1 gives no figure"));
  c.push_back(quantity("bcs.mds.resolution", Quantity::time, "100us", 1e-9, 1e6,
                       "Bin width of the MMDS time distributions.", "scenario choice (000 §5.1: chosen resolution)"));
  c.push_back(quantity("bcs.mds.size_resolution", Quantity::size, "1KiB", 1, 1e12,
                       "Bin width of the MMDS size distributions.", "scenario choice"));
  c.push_back(choice_list("bcs.mds.primitives",
                          {"MPI_Send",       "MPI_Isend",     "MPI_Recv",     "MPI_Irecv",   "MPI_Probe",
                           "MPI_Iprobe",     "MPI_Test",      "MPI_Wait",     "MPI_Testall", "MPI_Waitall",
                           "MPI_Barrier",    "MPI_Bcast",     "MPI_Reduce",   "MPI_Allreduce", "MPI_Scatter",
                           "MPI_Gather",     "MPI_Gatherv",   "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall",
                           "MPI_Alltoallv"},
                          nlohmann::json::array(),
                          "Primitives whose latency and size distributions the MMDS records (000 §5.1).",
                          "scenario choice"));
  c.push_back(boolean("bcs.mds.emds",
                      false,
                      "EMDS on the NICs: per slice, the Strobe Sender's global figures and the Strobe Receivers' local "
                      "ones (000 Tables 5.1-5.2; emds_*.csv and plots). Its bookkeeping costs NIC cycles."));
  c.push_back(integer("bcs.mds.emds_first_slice", 0, 0, 9007199254740991.0, "First slice the EMDS records.",
                      "scenario choice (000 §5.3 records slices 7500 to 12500)"));
  c.push_back(integer("bcs.mds.emds_slices", 10000, 1, 9007199254740991.0, // bound checked in scenario.cpp
                      "Slices the EMDS records from bcs.mds.emds_first_slice.",
                      "000 §5.2.1: at most ten thousand slices of data fit in the Elan3's 64 MB"));
  c.push_back(listed(integer("bcs.mds.emds_nodes", 0, 0, 16777215,
                             "Nodes whose Strobe Receiver records local figures; [] = every node.", "scenario choice"),
                     nlohmann::json::array()));
  c.push_back(integer("bcs.mds.emds_update_cycles", 40, 0, 1e9,
                      "NIC cycles the SS or an SR spends per slice updating its EMDS record (Elan memory).",
                      "assumed: a handful of loads and stores, with the TLB and cache misses 000 §5.2.1 reports "
                      "for the Elan3"));
  c.push_back(integer("bcs.mds.plot_node", 0, 0, 16777215,
                      "The node whose local EMDS figures are plotted (000 Figures 5.4-5.5).", "scenario choice"));
}

} // namespace bcssim::sim
