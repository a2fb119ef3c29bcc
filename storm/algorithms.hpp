#pragma once
// The job-scheduling algorithms of the time-shared machine (thesis ch. 6 §6.2), one entry each: its name in
// scheduler.algorithm, what it does, where it comes from, the MPI it runs on, and its Node Managers' local
// policy (none: space sharing). Adding an algorithm is one entry here and one policy file in storm/policies/.
#include "storm/policies/policies.hpp"

#include <string_view>
#include <vector>

namespace bcssim::storm {

struct Algorithm {
  const char* name;
  const char* doc;
  const char* source;
  const char* mpi; // the backend it runs on ("quadrics": the production MPI; "bcs": BCS-MPI; "any")
  std::unique_ptr<Policy> (*make)(const PolicySpec&); // null: space sharing, one process per PE
  const char* colour;                                 // its series in every plot ("#rrggbb")
  bool strobe_paced = false; // its global context switch rides on BCS-MPI's slice strobes (quantum >= a slice)
  /// The Machine Manager moves every node to the next row of the matrix at each quantum (gang slots): a node that
  /// holds processes of two rows switches at every quantum.
  bool gang_rows = false;
};

/// Every algorithm, in the order of the thesis's tables.
const std::vector<Algorithm>& algorithms();
/// The one named `name`; std::out_of_range if none.
const Algorithm& algorithm(std::string_view name);

} // namespace bcssim::storm
