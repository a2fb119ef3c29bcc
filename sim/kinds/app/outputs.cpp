// The files of kind "app" and their columns (docs/outputs.md).
#include "sim/kinds/app/kind.hpp"

namespace bcssim::sim {

std::vector<OutputFile> app_outputs()
{
  const OutputColumn primitive{"primitive", "", "the MPI call (MPI_Send, MPI_Allreduce, ...)"};
  // The MMDS's statistics of one primitive (000 Table 5.3).
  const std::vector<OutputColumn> timing = {{"min_ms", "ms", "shortest"},
                                            {"max_ms", "ms", "longest"},
                                            {"total_ms", "ms", "sum"},
                                            {"count", "count", "occurrences"},
                                            {"average_ms", "ms", "total / count"}};
  auto with_timing = [&](std::vector<OutputColumn> columns) {
    columns.insert(columns.end(), timing.begin(), timing.end());
    return columns;
  };
  return {
      {"runs.csv",
       "One row: the run.",
       {{"app", "", "app.name"},
        {"variant", "", "the application's variant (e.g. blocking, barrier)"},
        {"mpi", "", "the backend"},
        {"processes", "count", "MPI processes"},
        {"nodes", "count", "nodes used"},
        {"time_s", "s", "the job's makespan: launch to the last rank's end"}}},
      {"profile.csv",
       "Every MPI call summed over the ranks, per primitive (the layout of 000 Table 5.3).",
       {primitive,
        {"count", "count", "calls"},
        {"bytes", "B", "data of the calls: a message's size; for a collective, the buffer each rank contributes"},
        {"min_ms", "ms", "shortest call"},
        {"max_ms", "ms", "longest call"},
        {"total_ms", "ms", "all calls"},
        {"average_ms", "ms", "total / count"}}},
      {"call_slices.csv",
       "How many slices each MPI call took: every rank's calls per primitive by the number of "
       "slice boundaries (strobes of bcs.runtime.slice, at whole multiples of it) between the "
       "call's start and its end. On the baseline the same grid, for comparison.",
       {primitive, {"slices", "count", "slice boundaries the call spanned"}, {"calls", "count", "calls"}}},
      {"mmds.csv",
       "BCS-MPI with bcs.mds.mmds: the MMDS summary of the job (000 Table 5.3), with its Comp Granularity "
       "and Comm Overhead rows.",
       with_timing({primitive})},
      {"mmds_ranks.csv", "The same per rank.", with_timing({{"rank", "count", "the MPI rank"}, primitive})},
      {"mmds_distributions.csv",
       "Every MMDS distribution per bin, for the job (rank 'all') and per rank.",
       {{"rank", "", "the MPI rank, or all"},
        {"metric", "",
         "what is distributed (granularity, overhead, latency "
         "or size of a primitive)"},
        {"unit", "", "the unit of from and to"},
        {"from", "(unit)", "the bin's lower edge"},
        {"to", "(unit)", "its upper edge"},
        {"count", "count", "samples in the bin"}}},
      {"emds_global.csv",
       "BCS-MPI with bcs.mds.emds: the Strobe Sender's figures per slice (000 Table 5.1).",
       {{"slice", "count", "the time slice"},
        {"getts_us", "us", "GETTS: elapsed time of the slice"},
        {"gtdem_us", "us", "GTDEM: descriptor exchange"},
        {"gtmsm_us", "us", "GTMSM: message scheduling"},
        {"gtts_us", "us", "GTTS: total of the microphases"},
        {"usrts", "count", "USRTS: retries of the strobe"},
        {"usrdem", "count", "USRDEM: retries of the exchange"},
        {"usrmsm", "count", "USRMSM: retries of scheduling"}}},
      {"emds_local.csv",
       "Each watched node's figures per slice (000 Table 5.2).",
       {{"slice", "count", "the time slice"},
        {"node", "count", "the node"},
        {"letts_us", "us", "LETTS: elapsed time of the slice"},
        {"ltdem_us", "us", "LTDEM: descriptor exchange"},
        {"lmsm_us", "us", "LMSM: message scheduling"},
        {"ltts_us", "us", "LTTS: total of the microphases"},
        {"np2pdem", "count", "NP2PDEM: point-to-point descriptors exchanged"},
        {"np2pmsm", "count", "NP2PMSM: point-to-point messages scheduled"},
        {"ncolldem", "count", "NCOLLDEM: collective descriptors exchanged"},
        {"ncollmsm", "count", "NCOLLMSM: collectives scheduled"},
        {"bpts", "count", "BPTS: blocked processes"}}},
      {"emds_node.csv",
       "The plotted node's counts per slice (000 Figures 5.3-5.5).",
       {{"slice", "count", "the time slice"},
        {"np2pdem", "count", "NP2PDEM"},
        {"np2pmsm", "count", "NP2PMSM"},
        {"ncolldem", "count", "NCOLLDEM"},
        {"ncollmsm", "count", "NCOLLMSM"},
        {"bpts", "count", "BPTS"}}},
      {"emds_getts.*, emds_node.*, mmds*.gp/svg/png", "The MDS plots (gnuplot scripts and their images).", {}},
  };
}

} // namespace bcssim::sim
