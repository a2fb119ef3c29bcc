// Sources: 000 = BCS-MPI chapter (docs/references.md).
#include "bcs/mds/params.hpp"

namespace bcssim::bcs::mds {
namespace {
using base::Quantity;
} // namespace

const base::ParamGroup<MmdsSpec>& mmds_params()
{
  static const base::ParamGroup<MmdsSpec> g = [] {
    base::ParamGroup<MmdsSpec> g("bcs.mds");
    g.flag("mmds", &MmdsSpec::enabled, false,
           "MMDS on every BCS-MPI process: per-primitive summary (000 Table 5.3), computation-granularity "
           "and communication-overhead distributions, latency and size distributions of "
           "bcs.mds.primitives (mmds*.csv). Its bookkeeping costs host time.");
    g.quantity("resolution", &MmdsSpec::resolution, Quantity::time, "100us", 1e-9, 1e6,
               "Bin width of the MMDS time distributions.", "scenario choice (000 §5.1: chosen resolution)");
    g.quantity("size_resolution", &MmdsSpec::size_resolution, Quantity::size, "1KiB", 1, 1e12,
               "Bin width of the MMDS size distributions.", "scenario choice");
    g.add(base::word_list_decl(
              "primitives",
              {"MPI_Send",       "MPI_Isend",     "MPI_Recv",     "MPI_Irecv",   "MPI_Probe",   "MPI_Iprobe",
               "MPI_Test",       "MPI_Wait",      "MPI_Testall",  "MPI_Waitall", "MPI_Barrier", "MPI_Bcast",
               "MPI_Reduce",     "MPI_Allreduce", "MPI_Scatter",  "MPI_Gather",  "MPI_Gatherv", "MPI_Allgather",
               "MPI_Allgatherv", "MPI_Alltoall",  "MPI_Alltoallv"},
              {}, "Primitives whose latency and size distributions the MMDS records (000 §5.1).", "scenario choice"),
          [](MmdsSpec& s, const base::ParamValue& v) {
            s.primitives = {v.words.begin(), v.words.end()};
          });
    return g;
  }();
  return g;
}

const base::ParamGroup<EmdsSpec>& emds_params()
{
  static const base::ParamGroup<EmdsSpec> g = [] {
    base::ParamGroup<EmdsSpec> g("bcs.mds");
    g.flag("emds", &EmdsSpec::enabled, false,
           "EMDS on the NICs: per slice, the Strobe Sender's global figures and the Strobe Receivers' local "
           "ones (000 Tables 5.1-5.2; emds_*.csv and plots). Its bookkeeping costs NIC cycles.");
    g.integer("emds_first_slice", &EmdsSpec::first_slice, 0, 0, 9007199254740991.0, "First slice the EMDS records.",
              "scenario choice (000 §5.3 records slices 7500 to 12500)");
    g.integer("emds_slices", &EmdsSpec::slices, 10000, 1, 9007199254740991.0,
              "Slices the EMDS records from bcs.mds.emds_first_slice.",
              "000 §5.2.1: at most ten thousand slices of data fit in the Elan3's 64 MB");
    g.add(base::integer_decl("emds_nodes", 0, 0, 16777215,
                             "Nodes whose Strobe Receiver records local figures; [] = every node.", "scenario choice"),
          [](EmdsSpec& s, const base::ParamValue& v) {
            s.nodes.clear();
            for (double n : v.numbers)
              s.nodes.push_back(unsigned(n));
          })
        .listed(base::numbers({}));
    g.integer("emds_update_cycles", &EmdsSpec::update_cycles, 40, 0, 1e9,
              "NIC cycles the SS or an SR spends per slice updating its EMDS record (Elan memory).",
              "assumed: a handful of loads and stores, with the TLB and cache misses 000 §5.2.1 reports "
              "for the Elan3");
    g.rule([](const EmdsSpec& s) { return s.broken_rule(); });
    return g;
  }();
  return g;
}

} // namespace bcssim::bcs::mds
