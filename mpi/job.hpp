#pragma once
// A job: its ranks placed on PEs (placement.hpp), one actor per rank on its node's CPU host running the
// application's main with that rank's Comm. A launcher (the backend's resource manager) decides when each
// node's processes are forked; without one they all start at once. After the simulation, unfinished ranks are a deadlock: report()
// names each blocked rank and the call it is blocked in, so a deadlocked application ends with a clear message,
// never a hang (SimGrid ends the run once nothing can progress). A rank whose main throws ends the run: every
// actor is killed, and failure() keeps the exception for the caller to raise once the engine has returned (an
// exception must not leave a SimGrid actor).
#include "mpi/comm.hpp"
#include "mpi/placement.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bcssim::mpi {

using RankMain = std::function<void(Comm&)>;

class Job {
public:
  using HostOf = std::function<simgrid::s4u::Host*(unsigned node)>;
  using CommFactory = std::function<std::unique_ptr<Comm>(int rank)>;
  /// Forks the processes of the job's ranks on one node (each of the job's nodes exactly once).
  using Fork = std::function<void(unsigned node)>;
  /// Given `fork`, arranges for it to be called for every node of the job (now or later, from any actor).
  using Launcher = std::function<void(Fork fork)>;

  Job(std::string name, Placement placement, HostOf host_of, CommFactory make_comm);

  /// Starts the job: its rank actors are created by `launcher` (by default, all of them now). The caller runs
  /// the engine.
  void start(RankMain main, const Launcher& launcher = {});
  /// Called by another actor: returns once every rank has returned from main.
  void join();

  const Placement& placement() const { return placement_; }
  /// Simulated seconds from the start of the first process to the return of the last rank (valid once
  /// finished()): the application's run, without its launch.
  double makespan() const;
  /// Every rank's MPI calls summed per primitive.
  CallProfile profile() const;
  /// MPI calls the ranks have completed so far (profile()'s counts, without building it).
  std::uint64_t calls() const;
  const Comm& comm(int rank) const { return *comms_.at(std::size_t(rank)); }
  /// Every rank counts the boundaries of the grid k x `period` its calls span (Comm::count_boundaries).
  void count_boundaries(double period)
  {
    for (auto& c : comms_)
      c->count_boundaries(period);
  }
  /// Rank `rank`'s CPU work runs on `cpu` (a time-shared PE); call before start().
  void run_on(int rank, ProcessCpu* cpu) { comms_.at(std::size_t(rank))->run_on(cpu); }
  bool finished() const;
  /// The exception the first failing rank's main threw (in simulated order), or null.
  std::exception_ptr failure() const { return failure_; }
  /// Ranks that did not return from main, in order.
  std::vector<int> blocked() const;
  /// "" when every rank finished; else one line per blocked rank: "rank 3 (node 1): MPI_Recv(source=0, tag=7)".
  std::string report() const;
  /// When the last of the blocked ranks entered the call it is blocked in (simulated s): from then on nothing it
  /// waits for happened. Unknown (std::nullopt) when a blocked rank is in no call.
  std::optional<double> blocked_since() const;

private:
  std::string name_;
  Placement placement_;
  HostOf host_of_;
  std::vector<std::unique_ptr<Comm>> comms_;
  void fork(unsigned node);
  void spawn(unsigned rank);
  void note_start();
  void fail(std::exception_ptr error);

  std::vector<char> done_;
  std::map<unsigned, std::vector<unsigned>> ranks_of_node_; // the job's nodes and their ranks, in order
  std::set<unsigned> forked_;                               // nodes whose processes were forked
  RankMain main_;
  bool any_started_ = false;
  double started_ = 0;
  double last_finish_ = 0;
  bool forked_all_ = false;
  simgrid::s4u::SemaphorePtr forked_all_event_ = simgrid::s4u::Semaphore::create(0); // the last node forked
  std::vector<simgrid::s4u::ActorPtr> actors_;                                       // by rank
  std::exception_ptr failure_;
};

} // namespace bcssim::mpi
