#pragma once
// A job: its ranks placed on PEs (placement.hpp), one actor per rank on its node's CPU host running the
// application's main with that rank's Comm. After the simulation, unfinished ranks are a deadlock: report()
// names each blocked rank and the call it is blocked in, so a deadlocked application ends with a clear message,
// never a hang (SimGrid ends the run once nothing can progress).
#include "mpi/comm.hpp"
#include "mpi/placement.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::mpi {

using RankMain = std::function<void(Comm&)>;

class Job {
public:
  using HostOf = std::function<simgrid::s4u::Host*(unsigned node)>;
  using CommFactory = std::function<std::unique_ptr<Comm>(int rank)>;

  Job(std::string name, Placement placement, HostOf host_of, CommFactory make_comm);

  /// Creates the rank actors; the caller runs the engine.
  void start(RankMain main);
  /// Called by another actor: returns once every rank has returned from main.
  void join();

  const Placement& placement() const { return placement_; }
  /// Simulated seconds from start() to the return of the last rank (valid once finished()).
  double makespan() const;
  /// Every rank's MPI calls summed per primitive.
  CallProfile profile() const;
  bool finished() const;
  /// Ranks that did not return from main, in order.
  std::vector<int> blocked() const;
  /// "" when every rank finished; else one line per blocked rank: "rank 3 (node 1): MPI_Recv(source=0, tag=7)".
  std::string report() const;

private:
  std::string name_;
  Placement placement_;
  HostOf host_of_;
  std::vector<std::unique_ptr<Comm>> comms_;
  std::vector<char> done_;
  double started_ = 0;
  double last_finish_ = 0;
  std::vector<simgrid::s4u::ActorPtr> actors_;
};

} // namespace bcssim::mpi
