#pragma once
// The Elan3 thread processor (002 §2.2.1): a 32-bit RISC core at 100 MHz running the NIC threads. Threads are
// actors on the NIC host; their work is an execution of so many cycles (1 cycle = 1 flop of the NIC host), so
// threads of one NIC share it. The costs are per operation, each a documented parameter (sim/catalog.cpp).
#include <cstdint>

namespace bcssim::elan3 {

/// Defaults and sources: elan3::thread_cost_params() (models/elan3/params.cpp).
struct ThreadCosts {
  double event = 0;      // cycles to set or test an event in NIC memory
  double descriptor = 0; // cycles to build and issue a DMA descriptor or a network transaction
  double compare = 0;    // cycles for one comparison of a word (matching, Compare-And-Write evaluation)
};

/// Runs `cycles` of work on the calling actor's host (which must be a NIC). No-op for 0 cycles.
void run_cycles(double cycles);

} // namespace bcssim::elan3
