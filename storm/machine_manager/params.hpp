#pragma once
// The scheduler.* parameters (scenario section "scheduler"): the algorithm (storm/algorithms.hpp), the Machine
// Manager's quantum and multiprogramming level, its queue, and its Node Managers' local parameters; each with its
// default, unit and source.
#include "base/params.hpp"
#include "storm/algorithms.hpp"

#include <string>

namespace bcssim::storm {

struct SchedulerSpec {
  std::string algorithm = "fcfs"; // storm::algorithm(algorithm)
  unsigned mpl = 2;               // rows of the matrix under time sharing
  bool easy_backfill = false;
  double context_switch = 0; // s of a PE per switch
  double quantum = 50e-3;    // s
  PolicySpec policy;         // the Node Managers' (its quantum is the one above)
};

const base::ParamGroup<SchedulerSpec>& scheduler_params();

} // namespace bcssim::storm
