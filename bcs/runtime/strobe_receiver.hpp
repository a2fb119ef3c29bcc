#pragma once
// SR, the Strobe Receiver of one node (000 §4.1-4.2): where microstrobes land, and the one place that marks a
// microphase finished on the node (the word the Strobe Sender's Compare-And-Write reads).
#include <cstdint>
#include <memory>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

/// Idle nodes a microstrobe landed on at one instant, whose done words one kernel timer writes (see the .cpp).
/// One for the whole machine: the multicast lands on many nodes at the same instant.
class IdleStrobes {
public:
  explicit IdleStrobes(Context& ctx) : ctx_(ctx) {}
  /// `node` has nothing to do in microphase `phase`, whose strobe lands now.
  void add(unsigned node, std::int64_t phase);

private:
  struct Batch {
    double landed = 0;
    std::int64_t phase = 0;
    std::vector<unsigned> nodes; // in landing order
  };
  Context& ctx_;
  std::shared_ptr<Batch> batch_;
};

class ComputedSr;

class StrobeReceiver {
public:
  StrobeReceiver(Context& ctx, unsigned node, IdleStrobes& idle);
  ~StrobeReceiver();

  /// A microstrobe of `phase` lands: wakes the SR, or does for an idle node what the SR would.
  void land(std::int64_t phase);
  /// The node's thread of `phase` (or the SR for it) has finished: one event operation, then the done word.
  void finish(std::int64_t phase);
  /// finish() after its operation: the done word.
  void finished(std::int64_t phase);
  /// The SR's work in microphase `phase` once its strobe's event operation is paid, on its actor (computed_sr.cpp
  /// runs the same steps without it where nothing blocks).
  void act(std::int64_t phase);
  /// What an idle node's SR would have written at `at`, without running it (IdleStrobes).
  void finish_idle(std::int64_t phase, double at);
  /// When this node's last DEM ended.
  double dem_end() const { return dem_end_; }
  /// What a computed idle slice's DEM leaves (idle_slices.hpp).
  void set_dem_end(double at) { dem_end_ = at; }
  /// The SR's thread (an actor on the node's NIC).
  void run();

private:
  Context& ctx_;
  unsigned node_;
  IdleStrobes& idle_;
  double woke_at_ = -1; // when it woke the thread of the current microphase (-1: it did not; trace only)
  double dem_end_ = 0;
  std::unique_ptr<ComputedSr> computed_; // its steps computed (bcs.runtime.nic_threads = computed), else null
};

} // namespace bcssim::bcs::runtime
