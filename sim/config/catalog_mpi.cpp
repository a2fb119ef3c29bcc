// Catalogue entries of the MPI level: which backend the application runs on, where its ranks go, the
// baseline's collectives, and the OSU-style MPI microbenchmarks (kind "mpi_microbench").
#include "sim/config/param_builders.hpp"

namespace bcssim::sim {

void declare_mpi(std::vector<ParamSpec>& c)
{
  c.push_back(choice("mpi", "quadrics", {"quadrics", "bcs"},
                     "MPI the application runs on: 'quadrics' = the production-MPI baseline (Quadrics MPI over "
                     "Elan Tports, parameters quadrics.*); 'bcs' = BCS-MPI (parameters bcs.*).",
                     "scenario choice"));
  c.push_back(boolean("compare", false,
                      "Run every point on both backends, 'quadrics' then 'bcs', and report the slowdown "
                      "T_bcs / T_quadrics - 1 (kinds app and mpi_microbench; 'mpi' is then not swept)."));
  c.push_back(quantity("bcs.runtime.slice", Quantity::time, "500us", 1e-6, 10,
                       "Time slice: the Strobe Sender's global strobe period.", "001: 500 us global heartbeat"));
  c.push_back(integer("bcs.runtime.management_node", 0, 0, 16777215,
                      "Node whose NIC runs the Strobe Sender (the management node).", "scenario choice"));
  c.push_back(integer("bcs.runtime.combine_cycles", 150, 0, 1e9,
                      "NIC cycles per element combined by the Reduce Helper (SoftFloat: the Elan3 has no FPU).",
                      "assumed: a SoftFloat double add/compare is on the order of a hundred instructions on the "
                      "100 MHz Elan3 thread processor; 000 §4.4 gives no figure"));
  c.push_back(quantity("bcs.runtime.retry_backoff", Quantity::time, "1us", 0, 1,
                       "Wait of the Strobe Sender before it checks an unfinished microphase again.",
                       "assumed: 000 counts the retries (USRDEM, USRMSM) but gives no interval"));
  c.push_back(choice("job.placement", "block", {"block", "cyclic"},
                     "Ranks to PEs: 'block' fills a node's PEs before the next node, 'cyclic' deals ranks over "
                     "the job's nodes round-robin.",
                     "scenario choice; the paper's runs use block (2 ranks per Crescendo node)"));

  c.push_back(boolean("quadrics.hardware_collectives", true,
                      "Barrier and broadcast on the QsNet hardware (network conditional + multicast) when the job's "
                      "nodes are contiguous; false = MPICH 1.2's software algorithms everywhere (a what-if)."));
  c.push_back(quantity("quadrics.combine_per_element", Quantity::time, "5ns", 0, 1,
                       "Host CPU time to combine one element in a reduction (load, operate, store).",
                       "assumed: about 5 cycles of a 1 GHz Alpha per element; no measurement in 002/003 "
                       "(allreduces of a few elements make it negligible)"));

  // --- mpi_microbench: OSU-style benchmarks through mpi::Comm (apps/microbench) ---
  c.push_back(choice_list(
      "mpi_microbench.tests",
      {"pingpong", "bandwidth", "bidirectional", "posted_receives", "barrier", "bcast", "allreduce", "head_to_head"},
      {"pingpong", "bandwidth", "bidirectional", "posted_receives", "barrier", "bcast", "allreduce"},
      "Benchmarks to run. pingpong: half the round trip vs size; bandwidth / bidirectional: a window of "
      "non-blocking messages one way / both ways at once vs size; posted_receives: ping-pong latency "
      "with extra receives posted first (003 Table 2); barrier / bcast / allreduce: time per call vs "
      "processes; head_to_head: both ranks Send then Recv (MPI calls this unsafe: it deadlocks once "
      "a message is too large to go eagerly, and the run reports the blocked ranks).",
      "scenario choice (OSU micro-benchmarks; 003 §3)"));
  c.push_back(listed(integer("mpi_microbench.pair", 0, 0, 16777215,
                             "Nodes of rank 0 and rank 1 in the two-rank benchmarks (one rank per node).",
                             "scenario choice; 003 measures neighbouring nodes"),
                     {0, 1}));
  c.push_back(listed(quantity("mpi_microbench.sizes", Quantity::size, "0B", 0, 1e9,
                              "Message sizes of pingpong, bandwidth, bidirectional and head_to_head.",
                              "scenario choice"),
                     {"0B", "16B", "64B", "256B", "1KiB", "4KiB", "16KiB", "64KiB", "256KiB", "1MiB"}));
  c.push_back(integer("mpi_microbench.iterations", 20, 1, 1e6,
                      "Timed repetitions of each measurement, after 2 untimed warm-up repetitions.",
                      "scenario choice"));
  c.push_back(integer("mpi_microbench.window", 64, 1, 1e5,
                      "Messages in flight per repetition of bandwidth and bidirectional.",
                      "OSU osu_bw default window"));
  c.push_back(listed(integer("mpi_microbench.posted_receives", 1, 1, 1e5,
                             "Receives posted at each rank during the posted_receives ping-pong, the matching "
                             "one last (003 Table 2 uses 1 and 33).",
                             "003 Table 2"),
                     {1, 9, 17, 25, 33}));
  c.push_back(listed(quantity("mpi_microbench.posted_sizes", Quantity::size, "16B", 0, 1e9,
                              "Message sizes of the posted_receives ping-pong.", "003 Table 2"),
                     {"16B", "64B", "256B"}));
  c.push_back(listed(integer("mpi_microbench.processes", 2, 1, 16777216,
                             "Process counts of barrier, bcast and allreduce; [] = 2, 4, 8, ... up to "
                             "platform.nodes x platform.pes_per_node, and that total itself.",
                             "scenario choice"),
                     nlohmann::json::array()));
  c.push_back(quantity("mpi_microbench.collective_size", Quantity::size, "8B", 0, 1e9,
                       "Bytes of each bcast and allreduce (allreduce: doubles, so a multiple of 8).",
                       "scenario choice"));
}

} // namespace bcssim::sim
