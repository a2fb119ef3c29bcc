#pragma once
// Gang scheduling on an Ousterhout matrix (thesis ch. 4 §4.2.1 and ch. 6 §6.2; Ousterhout [78]): time is divided
// into slots, the rows of the matrix, at most `mpl` of them (the multiprogramming level); each job runs in one
// row, on PEs no other job of that row uses, and every quantum the Machine Manager switches the whole machine to
// the next row that holds a job. A job goes to the first row with enough free PEs, taking that row's lowest free
// PEs node by node (or, placed explicitly, to the first row where its PEs are free); when no row has room, jobs
// wait in submission order (the first waiting job blocks the others). With mpl 1 this is FCFS batch space
// sharing. A pure decision, apart from the simulation.
//
// EASY backfilling (Lifka 1995; thesis ch. 6 §6.4.1, "jobs are allowed to move forward in the queue if they do not
// delay the first queued job"): once the first waiting job cannot start, it gets a reservation: in the row where
// it can start soonest, the shadow time when enough PEs free up as the row's jobs end at their estimated ends
// (start + estimate x estimate_scale: under time sharing a job runs slower, and Zhang et al. [120], whom §6.4.1
// follows, multiply the estimate by the MPL), and the extra PEs it leaves free then. A later waiting job starts
// now if a row has room for it and either it is not the reserved row, or it will end (by its own estimate)
// before the shadow time, or it takes no more than the extra PEs (which it then uses up). A running job past its
// estimated end counts as ending now; a job without an estimate never ends in these sums, and when the first
// job can get no reservation nothing moves ahead of it.
#include "storm/pe_id.hpp"

#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace bcssim::storm {

struct Backfill {
  bool easy = false;         // EASY backfilling; false: strict submission order
  double estimate_scale = 1; // a running job's estimated end = start + estimate x this
};

class GangMatrix {
public:
  GangMatrix(unsigned nodes, unsigned pes_per_node, unsigned mpl, Backfill backfill = {});

  /// A job of `processes` with a runtime estimate of `estimate` s (0: none).
  void submit(int id, unsigned processes, double estimate = 0);
  /// A job whose rank r must run on pes[r] (explicit placement): it goes to the first row where all are free.
  void submit(int id, std::vector<PeId> pes, double estimate = 0);
  void finish(int id);
  struct Placed {
    int id = 0;
    unsigned row = 0;
    std::vector<PeId> pes; // its rank r on pes[r]
  };
  /// The waiting jobs placed at time `now` (s): in submission order, then those EASY moves forward.
  std::vector<Placed> dispatch(double now = 0);
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
    double estimate;       // s (0: none)
  };
  struct Running {
    unsigned row, processes;
    double start, estimate;
  };
  bool fits(const Waiting& w, unsigned row) const;
  Placed place(const Waiting& w, unsigned row);
  /// The first waiting job's reservation: its row, the shadow time and the extra PEs then (none: it can never
  /// start by the estimates, e.g. jobs without one).
  struct Reservation {
    unsigned row;
    double shadow;
    unsigned extra;
  };
  std::optional<Reservation> reserve(const Waiting& first, double now) const;

  unsigned machine_pes_;
  Backfill backfill_;
  std::vector<PeId> all_;                 // every PE, in order
  std::vector<std::map<PeId, int>> rows_; // by row: the PEs in use and their job
  std::deque<Waiting> queue_;
  std::map<int, Running> running_;
};

} // namespace bcssim::storm
