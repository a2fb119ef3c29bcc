#pragma once
// What a launch scenario reports, from plain data: the launch time split as the thesis splits it (Fig. 4.4: send
// and execute; Eq. 4.1: transfer, exec and timeslice overhead), each node's completion times, the pipeline's
// stages, the analytic model beside them, and, across a study's points, launch time vs nodes per binary size.
#include "sim/kinds/registry.hpp"
#include "storm/launch/binary_transfer.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace bcssim::sim {

struct NodeLaunchTimes {
  unsigned node;
  double written; // s: its last chunk is on its RAM disk (-1: the management node, which has the binary)
  double command; // s: its Node Manager received the launch command
  double ended;   // s: its processes have all ended and its flag is set
};

struct LaunchFigures {
  std::uint64_t binary_bytes = 0;
  unsigned nodes = 0, pes = 0, chunks = 0;
  std::string load;
  double tick = 0;
  double transfer = 0;                    // s: the sender learned every chunk is written (Eq. 4.1's T_transfer)
  double transfer_noted = 0;              // s: the MM's tick that noted it; the end of "send" in Fig. 4.4
  double last_ended = 0;                  // s: the last node's processes ended
  double done = 0;                        // s: the MM's tick found every process ended: the launch time
  double model_es40 = 0, model_ideal = 0; // s: Eqs. 4.7-4.9
  std::vector<NodeLaunchTimes> per_node;
  std::vector<storm::launch::Stage> stages; // stages.csv: all up to 64 nodes, else the sender's and node 1's

  double send() const { return transfer_noted; }
  double execute() const { return done - transfer_noted; }
  double exec() const { return last_ended - transfer_noted; }
  double timeslice() const { return done - transfer - exec(); }
  /// B/s of the transfer protocol (descriptor, open and the last acknowledgement included).
  double protocol_bandwidth() const { return transfer > 0 ? double(binary_bytes) / transfer : 0; }
};

nlohmann::json launch_summary(const LaunchFigures& f);
void write_launch(const ResultsDir& dir, const std::string& title, const LaunchFigures& f);
void write_launch_study(const ResultsDir& dir, const std::vector<StudyPoint>& points, nlohmann::json& summary);

} // namespace bcssim::sim
