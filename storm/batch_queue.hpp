#pragma once
// FCFS batch space sharing (thesis ch. 6 §6.2, the PBS/NQS/LSF way; §6.3's "FCFS"): each job gets a dedicated
// partition of PEs; jobs start in submission order, the first one waiting blocks the others (no backfilling);
// a job takes the lowest free PEs, node by node and PE by PE. A pure decision, apart from the simulation
// (as Batsim separates the scheduler from the platform): the Machine Manager asks it what to start.
#include <deque>
#include <set>
#include <utility>
#include <vector>

namespace bcssim::storm {

/// One PE of the machine: (node, index on the node).
struct PeId {
  unsigned node = 0;
  unsigned pe = 0;
  friend bool operator<(const PeId& a, const PeId& b) { return a.node != b.node ? a.node < b.node : a.pe < b.pe; }
  friend bool operator==(const PeId& a, const PeId& b) { return a.node == b.node && a.pe == b.pe; }
};

class BatchQueue {
public:
  BatchQueue(unsigned nodes, unsigned pes_per_node);

  /// Job `id` wants `processes` PEs (at most the machine's); it queues behind those submitted before.
  void submit(int id, unsigned processes);
  /// Job `id` has ended: its PEs are free.
  void finish(int id);
  /// The jobs that start now, in queue order, each with its PEs (its rank r on the r-th).
  std::vector<std::pair<int, std::vector<PeId>>> dispatch();

  std::size_t waiting() const { return queue_.size(); }
  std::size_t free_pes() const { return free_.size(); }

private:
  struct Waiting {
    int id;
    unsigned processes;
  };
  unsigned machine_pes_;
  std::set<PeId> free_;
  std::deque<Waiting> queue_;
  std::vector<std::pair<int, std::vector<PeId>>> running_; // by start order
};

} // namespace bcssim::storm
