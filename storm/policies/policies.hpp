#pragma once
// The local policies of the time-sharing algorithms (storm/algorithms.hpp lists them with their documentation).
#include "storm/policy.hpp"

#include <memory>

namespace bcssim::storm {

/// FCS's classification thresholds (§6.2.1; storm/policies/fcs.cpp says where each comes from).
struct FcsSpec {
  double granularity = 0;   // s: a process computing longer than this between blocking calls is DC
  double effectiveness = 0; // a process whose waits take longer than this fraction of its computation is F
};

/// What the algorithms' parameters say.
struct PolicySpec {
  double spin_time = 0; // s: how long SB, and FCS's F and DC processes, spin before blocking
  double quantum = 0;   // s: the Machine Manager's timeslice, also the local time slice of SB and FCS
  FcsSpec fcs;
};

std::unique_ptr<Policy> make_gang(const PolicySpec& spec);
std::unique_ptr<Policy> make_spin_block(const PolicySpec& spec);
std::unique_ptr<Policy> make_fcs(const PolicySpec& spec);
std::unique_ptr<Policy> make_bcs(const PolicySpec& spec);
std::unique_ptr<Policy> make_pbcs(const PolicySpec& spec);

} // namespace bcssim::storm
