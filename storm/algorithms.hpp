#pragma once
// The job-scheduling algorithms of the time-shared machine (thesis ch. 6 §6.2), one entry each: its name in
// scheduler.algorithm, what it does, where it comes from, the MPI it runs on, and its Node Managers' local
// policy (none: space sharing). Adding an algorithm is one entry here and one policy file in storm/policies/.
#include "storm/policies/policies.hpp"

#include <string_view>
#include <vector>

namespace bcssim::storm {

/// What an algorithm needs of the MPI its jobs run on: a capability of the backend, never its name (issue 68 part 1;
/// sim/kinds/workload/scheduler_check.cpp matches it against each backend's).
enum class MpiNeed {
  any,       // space sharing: whatever MPI
  no_strobe, // its Node Managers act on processes that spin or block in calls the host progresses (the production MPI)
  strobe,    // its context switches ride on the MPI's global slice strobe, which restarts blocked processes (BCS-MPI)
};

struct Algorithm {
  const char* name;
  const char* doc;
  const char* source;
  MpiNeed mpi;
  std::unique_ptr<Policy> (*make)(const PolicySpec&); // null: space sharing, one process per PE
  const char* colour;                                 // its series in every plot ("#rrggbb")
  bool strobe_paced = false; // its global context switch rides on BCS-MPI's slice strobes (quantum >= a slice)
  /// The Machine Manager moves every node to the next row of the matrix at each quantum (gang slots): a node that
  /// holds processes of two rows switches at every quantum.
  bool gang_rows = false;
  /// Words the sources use for it ("gang scheduling" for gs), blanks and '-' as '_': scheduler.algorithm asks a
  /// value written so whether it meant this algorithm.
  std::vector<const char*> sources_say = {};
};

/// Every algorithm, in the order of the thesis's tables.
const std::vector<Algorithm>& algorithms();
/// The one named `name`; std::invalid_argument listing the known names if none (base::find_named).
const Algorithm& algorithm(std::string_view name);
/// "on any MPI", "on an MPI without a global strobe (the production MPI's kind)", ...: for the catalogue's doc.
const char* describe(MpiNeed need);

} // namespace bcssim::storm
