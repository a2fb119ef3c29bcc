#pragma once
// Gang scheduling on an Ousterhout matrix (thesis ch. 4 §4.2.1 and ch. 6 §6.2; Ousterhout [78]): time is divided
// into slots, the rows of the matrix, at most `mpl` of them (the multiprogramming level); each job runs in one
// row, on PEs no other job of that row uses, and every quantum the Machine Manager switches the whole machine to
// the next row that holds a job. A job goes to the first row with enough free PEs, taking that row's lowest free
// PEs node by node (or, placed explicitly, to the first row where its PEs are free); when no row has room, jobs
// wait in submission order (the first waiting job blocks the others). With mpl 1 this is FCFS batch space
// sharing. A pure decision, apart from the simulation.
#include "storm/pe_id.hpp"

#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace bcssim::storm {

class GangMatrix {
public:
  GangMatrix(unsigned nodes, unsigned pes_per_node, unsigned mpl);

  void submit(int id, unsigned processes);
  /// A job whose rank r must run on pes[r] (explicit placement): it goes to the first row where all are free.
  void submit(int id, std::vector<PeId> pes);
  void finish(int id);
  struct Placed {
    int id = 0;
    unsigned row = 0;
    std::vector<PeId> pes; // its rank r on pes[r]
  };
  /// The waiting jobs placed now, in submission order.
  std::vector<Placed> dispatch();
  /// The row that runs after `current`: the next one holding a job, wrapping around (nullopt: none holds one).
  std::optional<unsigned> next_row(std::optional<unsigned> current) const;
  /// The job holding `pe` in `row`, if any.
  std::optional<int> job_at(unsigned row, PeId pe) const;
  std::size_t waiting() const { return queue_.size(); }

private:
  struct Waiting {
    int id;
    unsigned processes;
    std::vector<PeId> pes; // explicit placement (empty: the row's lowest free PEs)
  };
  unsigned machine_pes_;
  std::vector<PeId> all_; // every PE, in order
  std::vector<std::map<PeId, int>> rows_; // by row: the PEs in use and their job
  std::deque<Waiting> queue_;
};

} // namespace bcssim::storm
