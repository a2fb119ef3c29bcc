#pragma once
// The stacks of the simulated actors (SimGrid contexts), sized to what they use.
//
// Evidence (bcssim verify of the 13 shipped scenarios and the e2e tests, each actor stack with a guard page so
// that an overflow is a clean SIGSEGV): everything runs with 6 KiB stacks, nothing with 5 KiB; the deepest
// actor stack is between 5 and 6 KiB, SimGrid's context frames included. The actors do not recurse. 256 KiB is
// over 40 times that, for Debug (-O0) and sanitizer builds whose frames are larger, and for paths the shipped
// scenarios do not take. SimGrid's default of 8 MiB reserved 156 GB of address space and 77 MB of page tables
// for a 4096-node machine (and aborted under `ulimit -v`); 256 KiB reserves 5 GB and 10 MB, resident memory and
// wall time unchanged.
//
// Each stack should be its own mapping of untouched zero pages: only the pages an actor touches become
// resident. SimGrid callocs the stacks; glibc serves a calloc() from a fresh mmap (not cleared) only when no free
// heap chunk and not the heap's top can hold it, and clears a heap chunk page by page. Smaller stacks find such
// chunks: 128 KiB stacks made the 4096-node microbenchmark 1.1 GB resident instead of 0.39 GB (64 KiB: 0.94 GB).
// A guard page under each stack (an overflow then faults instead of corrupting memory) costs two mappings per
// actor, so it is on only for machines whose actors stay well under Linux's default limit of 65,530 mappings.
#include "sim/config/scenario.hpp"

#include <string>
#include <vector>

namespace bcssim::sim {

inline constexpr int kActorStackKiB = 256;

/// A generous count of the actors a scenario's machine can have at once (to decide on guard pages and to
/// estimate memory): a few per NIC and CPU, and the ranks.
std::size_t actors_upper_bound(const Scenario& scenario);

/// Sets glibc's malloc so that every actor stack is a fresh mapping, and returns SimGrid's --cfg arguments for
/// the stacks of `scenario`'s machine (size, guard).
std::vector<std::string> actor_stack_config(const Scenario& scenario);

} // namespace bcssim::sim
