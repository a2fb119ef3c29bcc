#pragma once
// The QsNet network conditional (global query, 002 §2.4.2.1-2): a query packet spans a contiguous node range,
// every node's NIC tests a condition on its own memory, and the switches combine the replies ("worst ack wins")
// into ONE answer for the source: true iff the condition holds on every node. Optionally the same packet
// carries a write that is performed on every node iff the answer is true. It is one timed activity at the
// source, never a message per node: O(1) simulated events for any range.
//
// Timing: each way takes the spanning tree's longest-path latency plus `per_level` per switch level, the time
// an Elite holds a query until all its children have replied and combines them. The condition is evaluated on
// every node at the instant the query reaches them, and a write lands on every node at one instant, so
// concurrent queries and writes are sequentially consistent (002 §3.4).
#include "models/qsnet/multicast.hpp"

#include <functional>
#include <string_view>

namespace bcssim::qsnet {

class GlobalQuery {
public:
  GlobalQuery(const HardwareMulticast& tree, double per_level);

  /// Blocks the caller for the round trip. `write`, if given, runs on every node of the range when the answer is
  /// true, one way after the answer: it is the packet's conditional end-of-packet transaction, travelling down
  /// the circuits the query still holds open (002 §2.4.2.1); the caller returns once it has landed.
  bool query(unsigned src, unsigned first, unsigned last, const std::function<bool(unsigned node)>& holds,
             const std::function<void(unsigned node)>& write = {}) const;

  /// How a thread whose steps are computed (models/elan3/thread_steps.hpp) waits and emits.
  struct Steps {
    std::function<void(double seconds, std::function<void()> then)> after; // sleep_for(seconds), then `then`
    std::function<void(std::string_view what)> emit;                       // base::emit as that thread
  };
  /// The same without blocking: each way a wait of `steps`, each event emitted through it, then `answered(all)`
  /// at the instant the blocking query returns.
  void query(unsigned src, unsigned first, unsigned last, std::function<bool(unsigned node)> holds,
             std::function<void(unsigned node)> write, Steps steps, std::function<void(bool all)> answered) const;

  /// One-way time of a query or its combined reply.
  double one_way(unsigned src, unsigned first, unsigned last) const;

private:
  const HardwareMulticast& tree_;
  double per_level_;
};

} // namespace bcssim::qsnet
