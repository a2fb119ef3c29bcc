#pragma once
// CH, the Collective Helper of one node (000 §4.4): runs the broadcasts and barriers its node masters. It keeps
// no state of its own between slices (the node's CollectiveTable holds the descriptors).
namespace bcssim::bcs::runtime {

struct Context;

class CollectiveHelper {
public:
  CollectiveHelper(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}
  /// A broadcast or barrier is scheduled on this node this slice.
  bool has_work() const;
  /// The CH's thread (an actor on the node's NIC).
  void run();

private:
  Context& ctx_;
  unsigned node_;
};

} // namespace bcssim::bcs::runtime
