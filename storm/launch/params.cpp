// Sources: 002 = thesis excerpt, chapter 4 (STORM) (docs/references.md).
#include "storm/launch/params.hpp"

#include "base/sim_time.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>

namespace bcssim::storm::launch {
namespace {

// launch.load's words: the choice's declaration and load_name() read the same list.
const std::vector<std::pair<std::string, Load>>& loads()
{
  static const std::vector<std::pair<std::string, Load>> words = {
      {"none", Load::none}, {"cpu", Load::cpu}, {"network", Load::network}};
  return words;
}

} // namespace

const base::ParamGroup<LaunchSpec>& launch_params()
{
  using base::Quantity;
  static const base::ParamGroup<LaunchSpec> g = [] {
    base::ParamGroup<LaunchSpec> g("launch");
    g.add(base::quantity_decl("binary_size", Quantity::size, "12MB", 1, 1e12,
                              "Size of the program image sent to the job's nodes.",
                              "002 §4.3.1: do-nothing programs of 4, 8 and 12 MB"),
          [](LaunchSpec& s, const base::ParamValue& v) { s.binary_bytes = std::uint64_t(v.number()); });
    g.add(base::quantity_decl("chunk_size", Quantity::size, "512KiB", 1, 1e9,
                              "Chunk of the transfer pipeline: read, multicast and written as one unit.",
                              "002 §4.3.2.1: 'the best performance is obtained with two slots of 512KB'"),
          [](LaunchSpec& s, const base::ParamValue& v) { s.chunk_bytes = std::uint64_t(v.number()); });
    g.integer("slots", &LaunchSpec::slots, 2, 1, 1024,
              "Chunk slots of each receiver's queue: the sender multicasts chunk c only once every receiver has "
              "written chunk c - slots ('await space').",
              "002 §4.3.2.1: two slots of 512KB");
    g.quantity("read_rate", &LaunchSpec::read_rate, Quantity::bandwidth, "218MB/s", 1, 1e12,
               "Rate at which the sender's file helper reads the binary from the RAM disk into a main-memory "
               "buffer (CPU work of a host process).",
               "002 §4.3.2.1, Fig. 4.8: 'the NIC can read a file directly from the RAM disk at 218MB/s'");
    g.quantity("write_rate", &LaunchSpec::write_rate, Quantity::bandwidth, "218MB/s", 1, 1e12,
               "Rate at which a receiver's file helper writes a chunk to its RAM disk (CPU work of a host process).",
               "assumed: the read rate; 002 §4.3.2.1 says only that writes are consistently faster than reads");
    g.quantity("helper_rate", &LaunchSpec::helper_rate, Quantity::bandwidth, "521MB/s", 1, 1e15,
               "The sender's file helper services the TLB misses of each chunk's multicast from main memory before "
               "it goes, at this rate per chunk byte, serialized with its reads: what makes the protocol slower "
               "than its slowest stage.",
               "002 §4.3.2.1: the gap between the 175 MB/s bound and the measured 131 MB/s 'is due to "
               "unresponsiveness and serialization within the lightweight process ... which services TLB misses'; "
               "1 / (1/131 - 1/175) MB/s = 521 MB/s");
    g.quantity("open_cost", &LaunchSpec::open_cost, Quantity::time, "0s", 0, 10,
               "Time of the file helper to open the source file (sender) or create the destination (receivers).",
               "assumed: 002 Fig. 4.9 names the 'Open file' stage; its value is not in the text");
    g.add(base::quantity_decl("descriptor_size", Quantity::size, "256B", 1, 1e6,
                              "Bytes of the file descriptor (size, path, rights) and of the launch command, each "
                              "multicast once.",
                              "assumed: a few fields; 002 §4.3.2.1 lists them without a size"),
          [](LaunchSpec& s, const base::ParamValue& v) { s.descriptor_bytes = std::uint64_t(v.number()); });
    g.quantity("exec_cost", &LaunchSpec::exec_cost, Quantity::time, "10ms", 0, 100,
               "PE time of a Program Launcher to fork and exec the do-nothing process and reap it.",
               "002 §4.3.2.1: 'the execution overhead is approximately 10ms' (T_exec of Eq. 4.7)");
    g.quantity("tick", &LaunchSpec::tick, Quantity::time, "1ms", 1e-6, 100,
               "Timeslice of the Machine Manager: it issues commands and notes events only at its multiples.",
               "002 §4.3.1.1: 'a relatively short timeslice value of 1ms in the following job-launching "
               "experiments'");
    g.quantity("poll_interval", &LaunchSpec::poll_interval, Quantity::time, "1us", 1e-9, 1,
               "Wait of a NIC thread between two global queries that found some node not ready.",
               "assumed: a NIC thread retries at once; the query's own round trip paces it");
    g.choice("load", &LaunchSpec::load, "none", loads(),
             "What else runs on the job's nodes during the launch: none = an unloaded machine; cpu = a spin loop on "
             "every PE (the launched processes share the PEs with it, and a file helper woken while every PE is "
             "busy waits for an OS time slice to end: launch.os_quantum); network = on every PE a process "
             "ping-ponging long messages (launch.load_message_size) with the same PE of the paired node (node n with "
             "node n xor 1), as RDMA puts main memory to main memory.",
             "002 §4.3.1.2: 'a tight spin-loop, which introduces CPU contention' and 'point-to-point messages "
             "between pairs of processes, which introduces network contention', both on all 256 processors");
    g.quantity("os_quantum", &LaunchSpec::os_quantum, Quantity::time, "10ms", 0, 10,
               "OS time slice of the spin loops (load = cpu): a file helper woken while every PE of its node is "
               "busy runs at the next slice boundary of its node (a seeded phase per node), then shares the PEs.",
               "assumed: 003 §5.3.2's 10 ms OS quantum; 002 §4.3.1.2: 'there are no CPUs remaining to service "
               "QsNet's lightweight I/O-handling process'");
    g.add(base::quantity_decl("load_message_size", Quantity::size, "1MiB", 1, 1e12,
                              "Bytes of each message of the network load's ping-pong.",
                              "assumed: 002 §4.3.1.2 says 'long messages' without a size"),
          [](LaunchSpec& s, const base::ParamValue& v) { s.load_message_bytes = std::uint64_t(v.number()); });
    // Each chunk is a read, a multicast, a write per node and their queries: a binary in millions of chunks would
    // run for hours (issue 45 item 12: 1-byte chunks of 12 MB never ended); 100,000 chunks take about 2 s per
    // launch on 2 nodes.
    g.rule([](const LaunchSpec& s) -> std::optional<base::ParamError> {
      constexpr std::uint64_t most_chunks = 100000;
      if (s.chunk_bytes > 0 && (s.binary_bytes + s.chunk_bytes - 1) / s.chunk_bytes > most_chunks)
        return base::ParamError{"chunk_size", "",
                                fmt::format("at least launch.binary_size / {} = {} B: a launch of at most {} chunks",
                                            most_chunks, (s.binary_bytes + most_chunks - 1) / most_chunks,
                                            most_chunks)};
      return std::nullopt;
    });
    // The sender waits for receivers' writes it does not overlap with its own reads, one global query per
    // poll_interval plus the query's round trip (at most about 10 us: 002 §2.4.2.2, a hardware barrier on 1024
    // nodes): at least this many queries, each acted out (issue 45 item 12: a write rate of 1 B/s never ended).
    // Measured: about 90,000 queries per second of wall time (a 1.2 MB/s write rate on Wolverine's 64 nodes,
    // 10 simulated s, took 24 s), so the bound is about 20 minutes of simulation.
    g.rule([](const LaunchSpec& s) -> std::optional<base::ParamError> {
      constexpr double most_polls = 1e8;
      const double wait = receiver_write_seconds(s) - sender_seconds(s);
      const double polls = std::max(0.0, wait) / (s.poll_interval + 10e-6);
      if (polls > most_polls)
        return base::ParamError{
            "write_rate", "",
            fmt::format("a rate at which the sender polls at most {} times for the receivers' writes (about 20 "
                        "minutes of simulation): here it would wait {} s for them, about {} global queries at one "
                        "per launch.poll_interval + 10 us (a faster write rate, or a longer launch.poll_interval)",
                        base::short_number(most_polls), base::short_number(base::significant(wait, 3)),
                        base::short_number(base::significant(polls, 2)))};
      return std::nullopt;
    });
    return g;
  }();
  return g;
}

const base::ParamGroup<LaunchModelSpec>& launch_model_params()
{
  static const base::ParamGroup<LaunchModelSpec> g = [] {
    base::ParamGroup<LaunchModelSpec> g("launch");
    g.choice<bool>(
        "model", &LaunchModelSpec::storm, "none", {{"none", false}, {"storm", true}},
        "Kind workload: how a placed job's processes start. none = at the tick that starts it, the binary taken as "
        "already on its nodes; storm = as kind launch does it: the binary (launch.binary_size, per job if its record "
        "sets it) sent from node 0 to the job's other nodes through the NICs, the launch command at the Machine "
        "Manager's first tick after the transfer, then each process forked and exec'ed on its PE "
        "(launch.exec_cost) before the application starts. Kind launch always uses storm.",
        "002 §4.2.2; none: the binary is already on the nodes (no dissemination modelled)");
    return g;
  }();
  return g;
}

const std::string& load_name(Load load)
{
  return std::find_if(loads().begin(), loads().end(), [load](const auto& w) { return w.second == load; })->first;
}

} // namespace bcssim::storm::launch
