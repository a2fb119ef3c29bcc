#pragma once
// A process as its Node Manager sees it (thesis ch. 6 §6.2): where it is placed, whether it wants its PE, and what
// the NM measured of its blocking calls (FCS's granularity and effectiveness, §6.2.1: "we modified the MPI
// library to take time measurements for blocking communication calls, and expose these to the NM").
#include "storm/pe.hpp"

#include <cstdint>

namespace bcssim::storm {

/// What a process wants of its PE.
enum class Activity {
  ready,   // it computes or runs library code: it needs the PE
  waiting, // in a blocking call, spinning on the PE it holds
  blocked, // in a blocking call, its PE given up (spin time over, or taken away)
};

/// FCS's classes (§6.2.1, Figure 6.1).
enum class FcsClass { cs, f, dc };
inline const char* to_string(FcsClass c)
{
  switch (c) {
    case FcsClass::cs:
      return "CS";
    case FcsClass::f:
      return "F";
    case FcsClass::dc:
      return "DC";
  }
  return "?";
}

/// A process's blocking calls as the NM measured them.
struct WaitStats {
  std::uint64_t calls = 0;  // blocking calls that waited
  std::uint64_t phases = 0; // computation phases that ended in one (back-to-back calls end one phase)
  double phase_compute = 0; // s: their CPU time, whole (a phase begun before the stats were reset included)
  double compute = 0;       // s of CPU time between them (summed)
  double waited = 0;        // s spent in them (summed)
  double last_cpu = 0;      // its PE's cpu_time when `compute` was last brought up to date
  double mark = 0;          // s: the current wait is counted in `waited` up to here
  double phase_cpu = 0;     // its PE's cpu_time when its last wait ended
  /// Stats started afresh, keeping where the current wait and phase began.
  WaitStats fresh() const
  {
    WaitStats s;
    s.last_cpu = last_cpu;
    s.mark = mark;
    s.phase_cpu = phase_cpu;
    return s;
  }
};

/// CPU time between two blocking calls below which they belong to one communication phase: the MPI library's own
/// work between back-to-back calls (a few us, quadrics.host_overhead) is not a computation phase. A simulator
/// constant: it only has to separate microseconds from the milliseconds of the applications' phases.
inline constexpr double kPhaseGap = 50e-6;

struct LocalProcess {
  ProcessKey key;
  unsigned pe = 0;  // index on the node
  unsigned row = 0; // its slot (row of the Ousterhout matrix)
  int priority = 0; // its job's (PBCS: higher runs first)
  Activity activity = Activity::ready;
  double wait_since = 0;       // s: when its current blocking call began waiting
  double counter = 0;          // s of local time slice left (the node OS's counter, under sb and fcs)
  WaitStats stats;             // since the last classification
  FcsClass fcs = FcsClass::cs; // its FCS class (FCS only)
  /// It has some OS time slice left (a picosecond's rounding left over from charging is none).
  bool slice_left() const { return counter > 1e-12; }
};

} // namespace bcssim::storm
