#pragma once
// A slice too short for the machine, refused at validation (hostile pass of 2026-12-07, finding 8). Each BCS-MPI
// slice runs its other microphases and their microstrobes before point to point; how long they take depends on
// the whole machine (its size, tree, NIC threads), which only the stage model knows. The run finds a slice that
// leaves point to point no time after 1,000 slices in which nothing moved (mpi/bcs/backend.cpp, diagnose_stall);
// validation now asks the same question first, of a probe: the scenario's machine without noise, in a child
// process, running two ranks that exchange 64 bytes twice under the scenario's slice, on one node (on nodes 0 and
// 1 where a node has one PE): the least a job asks of a slice (the microstrobes and global queries span the whole
// machine whatever the job; two ranks of a node have a chunk's smallest fixed part), so that a slice it refuses
// stalls any job. A slice that starves only a longer route is left to the run.
#include "sim/config/scenario.hpp"

namespace bcssim::sim {

/// Slices from this long up are not probed (s): a probe builds the machine, and the shortest slice a machine of
/// QsNet's full size needs is far below it (the default machine needs 27.6 us, bcs-microbench's 46.9 us). A longer
/// slice too short for its machine is still refused by the run, after its first 1,000 slices.
inline constexpr double kProbeSlicesBelow = 200e-6;

/// On a backend with a strobe whose slice is below kProbeSlicesBelow: throws ScenarioError naming the slice, with
/// the length the machine needs, when the probe's runtime stalls. Probes of the same machine and backend settings
/// are made once per process.
void check_slice_leaves_time(const Scenario& sc);

/// Turns the probes on or off for this process (on by default). The fuzz targets turn them off: they exercise the
/// readers and the rules, and a probe is a simulation of its own, in a child process per input.
void set_slice_probes(bool on);

} // namespace bcssim::sim
