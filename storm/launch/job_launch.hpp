#pragma once
// Launching one job with STORM (002 §4.2.2, §4.3.1.1): the Machine Manager acts only at its ticks. At the tick
// the job arrives it has the binary sent (BinaryTransfer) to every node of the job but its own; at the first tick
// after the sender reported the transfer complete, its NIC multicasts the launch command to the job's Node
// Managers, each NM hands it to its Program Launchers, which fork and exec the processes (a do-nothing program
// here, as in §4.3.1) and reap them; an NM whose processes all ended sets a flag in its NIC; at every tick the MM
// checks all the flags with one global query, and the job is done at the tick that finds them all set.
#include "storm/launch/background_load.hpp"
#include "storm/launch/binary_transfer.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <memory>
#include <vector>

namespace bcssim::storm::launch {

struct LaunchRecord {
  double transfer_noted = -1;  // the tick at which the MM learned the binary is everywhere
  double done = -1;            // the MM's query found every process ended
  std::vector<double> command; // per job node: the launch command reached it (its NM woke)
  std::vector<double> ended;   // per job node: its NM set its termination flag
};

class JobLaunch {
public:
  /// The job runs `pes` processes on each of nodes 0 .. nodes-1; node 0 is the management node, where the binary
  /// already is. `seed` drives the background load's randomness (spec.load).
  JobLaunch(bcs::core::CorePrimitives& primitives, const elan3::HostInterface& host, const LaunchSpec& spec,
            unsigned nodes, unsigned pes, std::uint64_t seed = 1);
  ~JobLaunch();

  /// Creates the actors; the job arrives at time 0.
  void start();
  const LaunchRecord& record() const { return record_; }
  /// Empty on a one-node job: nothing to send.
  const BinaryTransfer* transfer() const { return transfer_.get(); }
  unsigned nodes() const { return nodes_; }
  unsigned pes() const { return pes_; }

private:
  void machine_manager();
  void node_manager(unsigned node);
  bool all_ended();

  bcs::core::CorePrimitives& core_;
  const elan3::HostInterface& host_;
  LaunchSpec spec_;
  unsigned nodes_, pes_;
  std::vector<std::unique_ptr<FileHelper>> helpers_;
  std::unique_ptr<BinaryTransfer> transfer_;
  std::unique_ptr<BackgroundLoad> load_;
  double transfer_done_ = -1;                   // when the sender learned every chunk is written
  simgrid::s4u::SemaphorePtr transfer_written_; // released then: the MM computes the tick that notes it
  elan3::EventId launch_;
  elan3::WordId ended_;
  LaunchRecord record_;
};

} // namespace bcssim::storm::launch
