#pragma once
// The thesis's analytic model of launch time (002 §4.3.2.2, Eqs. 4.1-4.9), beside which the simulated launches
// are plotted: computed from the platform's own link timing (Table 4.2), never fitted to the simulation.
#include "models/qsnet/ack_model.hpp"

#include <cstdint>

namespace bcssim::sim {

/// Eq. 4.4: the machine's diameter in metres, nodes arranged in a square at 4 m² per four nodes.
double model_diameter(unsigned nodes);
/// Eq. 4.5: switches a packet crosses in the worst case in a quaternary fat tree (2·levels − 1, levels rounded up).
unsigned model_switches(unsigned nodes);
/// Eq. 4.6: BW_broadcast(nodes), B/s.
double model_broadcast_bandwidth(const qsnet::LinkTiming& timing, unsigned nodes);

/// The I/O-bus bound of Eq. 4.8: Wolverine's ES40 nodes deliver at most 131 MB/s over the I/O bus (§4.3.2.1).
constexpr double kEs40TransferBound = 131e6;

struct ModelLaunch {
  double es40;  // s: Eq. 4.7 with BW_transfer = min(131 MB/s, BW_broadcast) (Eq. 4.8)
  double ideal; // s: Eq. 4.7 with BW_transfer = BW_broadcast (Eq. 4.9)
};
/// Eq. 4.7: bytes / BW_transfer + T_exec + T_timeslice, T_timeslice taken as two MM ticks (the transfer and the
/// execution each end at a tick, §4.3.1.1).
ModelLaunch model_launch(const qsnet::LinkTiming& timing, unsigned nodes, std::uint64_t bytes, double exec_cost,
                         double tick);

} // namespace bcssim::sim
