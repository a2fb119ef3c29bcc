// The files of kind "launch" and their columns (docs/outputs.md).
#include "sim/kinds/launch/kind.hpp"

namespace bcssim::sim {

std::vector<OutputFile> launch_outputs()
{
  return {
      {"runs.csv",
       "One row: the launch.",
       {{"binary_bytes", "B", "launch.binary_size"},
        {"nodes", "count", "nodes of the job"},
        {"processes", "count", "processes launched"},
        {"load", "", "launch.load: none, cpu or network"},
        {"launch_ms", "ms", "job arrival to its termination noted by the Machine Manager"},
        {"send_ms", "ms", "Fig. 4.4's send: arrival to the launch command"},
        {"execute_ms", "ms", "Fig. 4.4's execute: the command to termination noted"},
        {"transfer_ms", "ms", "Eq. 4.1's transfer: the binary's first read to its last write"},
        {"exec_ms", "ms", "Eq. 4.1's exec: the command to the last process's end"},
        {"timeslice_ms", "ms", "Eq. 4.1's timeslice: the rest (waits for the Machine Manager's ticks)"},
        {"protocol_bandwidth_MBps", "MB/s", "binary size / transfer"},
        {"model_es40_ms", "ms", "the thesis's Eq. 4.7 with Eq. 4.8's bound, on this platform's timing"},
        {"model_ideal_ms", "ms", "Eq. 4.7 with Eq. 4.9 (no I/O bottleneck)"}}},
      {"nodes.csv",
       "Per node of the job.",
       {{"node", "count", "the node"},
        {"written_ms", "ms", "the binary written there (empty on the sender)"},
        {"command_ms", "ms", "the launch command arrived"},
        {"ended_ms", "ms", "its processes ended"}}},
      {"stages.csv",
       "Every stage of the binary transfer pipeline (Fig. 4.9).",
       {{"stage", "", "read, tlb (the helper's TLB service), send, write"},
        {"chunk", "count", "the chunk"},
        {"node", "count", "where"},
        {"start_ms", "ms", "its start"},
        {"end_ms", "ms", "its end"}}},
      {"launch_study.csv",
       "A study: launch, send and execute vs nodes per binary size and load, with the model "
       "curves (launch_study.png).",
       {{"nodes", "count", "nodes of the job"},
        {"launch_ms_<size>_<load>", "ms", "launch time"},
        {"send_ms_<size>_<load>", "ms", "its send part"},
        {"execute_ms_<size>_<load>", "ms", "its execute part"},
        {"model_es40_ms_<size>", "ms", "Eq. 4.7/4.8"},
        {"model_ideal_ms_<size>", "ms", "Eq. 4.7/4.9"}}},
      {"launch.*, launch_study.*", "The plots (gnuplot scripts and their images).", {}},
  };
}

} // namespace bcssim::sim
