#pragma once
// RH, the Reduce Helper of one node (000 §4.4, 002 §5.3.5): the partial results its children in a reduction's
// binomial tree have sent it.
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

class ReduceHelper {
public:
  /// (job, collective number, child's position in the tree)
  using PartialKey = std::tuple<int, std::int64_t, int>;

  ReduceHelper(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}
  /// A reduction is scheduled on this node this slice.
  bool has_work() const;
  /// A child's partial result landed here (its Xfer-And-Signal also sets the partial event).
  void deliver_partial(const PartialKey& key, std::vector<char> data) { partials_[key] = std::move(data); }
  /// The RH's thread (an actor on the node's NIC).
  void run();

private:
  Context& ctx_;
  unsigned node_;
  std::map<PartialKey, std::vector<char>> partials_;
};

} // namespace bcssim::bcs::runtime
