#pragma once
// STORM starting one job of a workload (002 §4.2.2, steps 2-4): once the Machine Manager has placed it, its binary
// goes from the management node (node 0) to the job's other nodes (BinaryTransfer, multicast to the range they
// span: nodes in it that are not the job's discard the chunks), and at the MM's first tick after the transfer its
// NIC multicasts the launch command to the job's nodes, whose Node Managers wake up to fork the processes. The
// caller then starts the processes; each first spends launch.exec_cost of its PE being forked and exec'ed.
#include "storm/launch/binary_transfer.hpp"

#include <memory>
#include <vector>

namespace bcssim::storm::launch {

struct ProcessLaunchTimes {
  double transferred = -1; // the sender learned every chunk is written (-1: the job is on node 0 alone)
  double command = -1;     // the command reached the job's nodes and their NMs woke up
};

class ProcessLaunch {
public:
  /// `nodes`: the job's nodes, increasing. `helpers`: every node's file helper. `key`: the job's number, to order
  /// its file requests against other jobs' at the same instant.
  ProcessLaunch(bcs::core::CorePrimitives& primitives, const elan3::HostInterface& host,
                std::vector<FileHelper*> helpers, const LaunchSpec& spec, std::vector<unsigned> nodes, double tick,
                std::uint64_t key);
  ~ProcessLaunch();

  /// Runs on an actor of node 0's NIC (the MM's thread); returns once the NMs have the launch command.
  ProcessLaunchTimes run();

private:
  bcs::core::CorePrimitives& core_;
  const elan3::HostInterface& host_;
  std::vector<FileHelper*> helpers_;
  LaunchSpec spec_;
  std::vector<unsigned> nodes_;
  double tick_;
  std::uint64_t key_;
  std::unique_ptr<BinaryTransfer> transfer_;
  elan3::EventId command_sent_;
};

} // namespace bcssim::storm::launch
