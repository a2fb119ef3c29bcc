#pragma once
// How a Node Manager decides, at each slice boundary, which of its suspended processes run again (000 §3.1,
// 001 Figure 1). One class per scheduling algorithm, one file each; the Runtime is given one (RuntimeSpec).
#include <vector>

namespace bcssim::bcs::runtime {

class NodePolicy {
public:
  virtual ~NodePolicy() = default;
  virtual const char* name() const = 0;
  /// `completed[i]`: the blocking call of the i-th suspended process (in suspension order) has completed.
  /// Returns, for each, whether the Node Manager restarts it at this boundary.
  virtual std::vector<bool> restart(const std::vector<bool>& completed) const = 0;
};

/// BCS-MPI's own rule (000 §3.1): every process whose blocking call completed during the last slice restarts
/// at the start of the next one.
class RestartCompleted final : public NodePolicy {
public:
  const char* name() const override { return "bcs"; }
  std::vector<bool> restart(const std::vector<bool>& completed) const override { return completed; }
};

} // namespace bcssim::bcs::runtime
