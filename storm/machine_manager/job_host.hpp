#pragma once
// What the Machine Manager asks of whatever runs the jobs' processes (the simulator's front end: an MPI job of an
// application per job). The Machine Manager decides when and where a job runs; the host makes its processes and
// runs them, much as Batsim keeps the scheduling decision apart from the simulated platform.
#include "storm/pe_id.hpp"

#include <optional>
#include <vector>

namespace bcssim::storm {

class JobHost {
public:
  virtual ~JobHost() = default;
  /// Job `id` is dispatched now to `pes` (its rank r on pes[r]) in row `row` of the matrix: make its processes.
  /// Under time sharing each is placed on its node's Node Manager (MachineManager::node_manager) here.
  virtual void place(int id, const std::vector<PeId>& pes, unsigned row) = 0;
  /// Starts its processes now. With `exec_cost`, each first computes that many s on its PE (the fork and exec after
  /// a launch); without, the binary was taken as already on the nodes.
  virtual void start(int id, std::optional<double> exec_cost) = 0;
  /// Blocks the calling actor until the job's last rank has returned.
  virtual void join(int id) = 0;
  /// The MPI calls it has completed so far (the Machine Manager's stall guard counts them as progress).
  virtual double calls(int id) const = 0;
};

} // namespace bcssim::storm
