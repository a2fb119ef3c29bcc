#pragma once
// BS, the Buffer Sender of one node (000 §4.3): the send descriptors its processes posted, until the DEM that
// delivers them.
#include "bcs/runtime/state.hpp"
#include "models/elan3/thread_steps.hpp"

#include <vector>

namespace bcssim::bcs::runtime {

struct Context;

class BufferSender {
public:
  BufferSender(Context& ctx, unsigned node) : ctx_(ctx), node_(node) {}

  /// A process posted a send descriptor (delivered in the DEM of the next slice).
  void post(DescriptorPtr d) { outbox_.push_back(std::move(d)); }
  /// Some descriptor waits for a DEM.
  bool pending() const { return !outbox_.empty(); }
  /// This slice's DEM has a descriptor to deliver (one posted in an earlier slice).
  bool has_work() const;
  /// The BS's thread (an actor on the node's NIC).
  void run();
  /// One DEM's work, on the calling NIC thread: the BS's own under `stages`, the Strobe Receiver's when the
  /// message-level tier folds the BS into it (then each remote put is a delay, not a DMA: deliver_folded).
  void exchange();
  /// The same under the message-level tier without an actor (computed_sr.hpp): each step on `steps`, `then` after
  /// the last, with the "bcs.dem" event emitted as the Strobe Receiver's.
  void exchange(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then);

private:
  class ComputedDem;
  /// This DEM's descriptors (posted in an earlier slice), taken from the outbox.
  std::vector<DescriptorPtr> take_outgoing();
  /// The message-level tier's put of `d` to its destination's Buffer Receiver, its descriptor paid: it lands
  /// after the DMA start-up and the 64 B packet's unloaded time on its route, the two things the stage-level put
  /// acts out (elan3/dma.cpp, models/qsnet/platform.cpp); returns that instant.
  double land_folded(const DescriptorPtr& d);
  /// What a DEM of `sent` descriptors leaves once every put has landed (the caller emits "bcs.dem").
  void exchanged(std::size_t sent, unsigned remote);

  Context& ctx_;
  unsigned node_;
  std::vector<DescriptorPtr> outbox_; // posted, not yet exchanged, in posting order
};

} // namespace bcssim::bcs::runtime
