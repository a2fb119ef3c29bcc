#pragma once
// Short tasks that would each be an actor of their own (a DMA in flight, a NIC writing one message to its host),
// run by reused actors instead. SimGrid maps, protects, faults in and unmaps a stack for every actor it creates;
// with two such actors per message that was a fifth to a half of the baseline MPI's wall time (bench/README.md).
// A pooled task starts at the same simulated instant as a new actor would, and its events and trace records carry
// the name it would have had (actor_name). Actors that run at one instant may run in another order than with new
// actors, so introducing the pool reordered simultaneous events in the digests once (bench/README.md).
#include <simgrid/forward.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::base {

class ActorPool {
public:
  /// `host`: where the pool's actors run; `name`: their own name (seen only between tasks).
  ActorPool(simgrid::s4u::Host* host, std::string name);
  ActorPool(const ActorPool&) = delete; // its actors point to it
  ActorPool& operator=(const ActorPool&) = delete;
  ~ActorPool();

  /// Runs `task` in an idle actor of the pool, or in a new one when all are busy. The actors are daemons: like
  /// the Tports and BCS threads, an idle one does not keep the simulation alive nor count as deadlocked.
  void start(std::string task_name, std::function<void()> task);

  /// Actors created so far (the most tasks ever in flight at once).
  std::size_t size() const { return workers_.size(); }

private:
  struct Worker;
  void loop(Worker& w);

  simgrid::s4u::Host* host_;
  std::string name_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<Worker*> idle_; // last in, first out: always the same choice for the same history
};

/// Held by a non-daemon actor that outlives the work its simulation gives the pools (a driver that waits for a
/// job's ranks), so that pooled tasks need no keeper actor while it lives: without one, a task started by a
/// non-daemon starts a keeper whenever the pools go from idle to busy, and on the baseline MPI, whose ranks start
/// their DMAs, that was one actor per message (11,482 on the 64-rank SWEEP3D trace, bench/README.md). Construct
/// it in the actor before it starts anything; call drain() in that actor before it ends (it returns once no such
/// task runs; from then on tasks get keepers again).
class PoolHolder {
public:
  PoolHolder();
  PoolHolder(const PoolHolder&) = delete;
  PoolHolder& operator=(const PoolHolder&) = delete;
  ~PoolHolder();
  void drain(); // simcalls: in the holder's actor

private:
  bool drained_ = false;
};

/// The name an actor's events carry: the task it runs if it belongs to a pool, else its own name.
std::string_view actor_name(const simgrid::s4u::Actor& actor);

} // namespace bcssim::base
