// BS, the Buffer Sender (000 §4.3), on every node's NIC: in the descriptor exchange microphase (DEM) it delivers
// each send descriptor posted during the previous slice to the Buffer Receiver of the destination node, with
// Xfer-And-Signal (a descriptor-sized put, 64 B, from NIC memory to NIC memory), and waits until all have landed.
#include "bcs/runtime/buffer_sender.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <functional>
#include <memory>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_buffer_sender, bcs_runtime,
                                "bcs.runtime.buffer_sender: Buffer Senders (descriptor exchange)");

namespace bcssim::bcs::runtime {

bool BufferSender::has_work() const
{
  for (const DescriptorPtr& d : outbox_)
    if (d->posted_slice < ctx_.clock.slice)
      return true;
  return false;
}

void BufferSender::run()
{
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.dem, true);
    const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
    exchange();
    ctx_.node(node_).sr.finish(phase);
  }
}

std::vector<DescriptorPtr> BufferSender::take_outgoing()
{
  std::vector<DescriptorPtr> outgoing;
  std::vector<DescriptorPtr> later; // posted during this slice already: next DEM
  for (auto& d : outbox_)
    (d->posted_slice < ctx_.clock.slice ? outgoing : later).push_back(d);
  outbox_ = std::move(later);
  return outgoing;
}

double BufferSender::land_folded(const DescriptorPtr& d)
{
  const core::Machine& m = ctx_.machine();
  const unsigned to = d->peer.node;
  const double landed = m.dma.unloaded_put_landing(simgrid::s4u::Engine::get_clock(), {node_, elan3::Memory::elan},
                                                   {to, elan3::Memory::elan}, ctx_.host.spec().descriptor_bytes);
  ctx_.node(to).br.deliver_at(d, landed, node_);
  return landed;
}

void BufferSender::exchanged(std::size_t sent, unsigned remote)
{
  ctx_.emds.dem_sends(node_, sent);
  ctx_.progress.events += sent;
  XBT_VERB("node %u: delivered %zu send descriptor(s), %u remote", node_, sent, remote);
}

void BufferSender::exchange()
{
  const elan3::EventId landed = ctx_.layout.descriptors_landed;
  const std::vector<DescriptorPtr> outgoing = take_outgoing();
  // The hardware put has a closed form; a software tree's puts stay acted out under either tier.
  const bool folded = ctx_.spec.folded && ctx_.core.hardware_collectives();
  unsigned remote = 0;
  std::vector<double> landings;
  for (const DescriptorPtr& d : outgoing) {
    elan3::run_cycles(ctx_.machine().costs.descriptor);
    const unsigned to = d->peer.node;
    if (to == node_) { // same node: the descriptor is already in this NIC's memory
      ctx_.node(to).br.deliver_at(d, simgrid::s4u::Engine::get_clock(), node_);
      continue;
    }
    ++remote;
    if (folded) { // what QsNetHw::xfer_and_signal's single put costs the thread (its descriptor), then the put
      elan3::run_cycles(ctx_.machine().costs.descriptor);
      landings.push_back(land_folded(d));
      continue;
    }
    core::XferAndSignal x;
    x.src = node_;
    x.dst = core::NodeSet::range(to, to);
    x.bytes = ctx_.host.spec().descriptor_bytes; // the descriptor as the process posted it
    x.local_event = landed;
    Context& ctx = ctx_;
    const unsigned from = node_;
    x.deliver = [&ctx, d, from](unsigned at) {
      ctx.node(at).br.deliver_at(d, simgrid::s4u::Engine::get_clock(), from);
    };
    ctx_.core.xfer_and_signal(x);
  }
  if (folded) { // each Test-Event as the stages run it: one per landing, in landing order, waiting for it, so that
                // the other threads' operations on this NIC interleave between them as they do under `stages`
    std::sort(landings.begin(), landings.end());
    for (double at : landings) {
      elan3::run_cycles(ctx_.machine().costs.event);
      if (at > simgrid::s4u::Engine::get_clock())
        simgrid::s4u::this_actor::sleep_until(at);
    }
  } else {
    for (unsigned i = 0; i < remote; ++i)
      ctx_.core.test_event(node_, landed, true);
  }
  exchanged(outgoing.size(), remote);
  base::emit("bcs.dem", outgoing.size());
}

// One computed DEM: exchange()'s folded branch, each step called from the end of the operation before it (the
// puts, then one Test-Event per landing in landing order, then the end). Each continuation holds the DEM.
class BufferSender::ComputedDem : public std::enable_shared_from_this<ComputedDem> {
public:
  ComputedDem(BufferSender& bs, const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
      : bs_(bs), steps_(steps), outgoing_(bs.take_outgoing()), then_(std::move(then))
  {
  }

  void put()
  {
    if (next_ == outgoing_.size()) {
      std::sort(landings_.begin(), landings_.end());
      next_ = 0;
      test();
      return;
    }
    steps_.run(bs_.ctx_.machine().costs.descriptor, [self = shared_from_this()] { self->issued(); });
  }

private:
  void issued()
  {
    const DescriptorPtr& d = outgoing_[next_++];
    if (d->peer.node == bs_.node_) { // same node: the descriptor is already in this NIC's memory
      bs_.ctx_.node(bs_.node_).br.deliver_at(d, simgrid::s4u::Engine::get_clock(), bs_.node_);
      put();
      return;
    }
    ++remote_;
    steps_.run(bs_.ctx_.machine().costs.descriptor, [self = shared_from_this(), d] {
      self->landings_.push_back(self->bs_.land_folded(d));
      self->put();
    });
  }

  void test()
  {
    if (next_ == landings_.size()) {
      bs_.exchanged(outgoing_.size(), remote_);
      steps_.emit("bcs.dem", outgoing_.size());
      then_();
      return;
    }
    steps_.run(bs_.ctx_.machine().costs.event, [self = shared_from_this()] {
      self->steps_.at(self->landings_[self->next_++], [self] { self->test(); });
    });
  }

  BufferSender& bs_;
  const elan3::ThreadSteps& steps_;
  std::vector<DescriptorPtr> outgoing_;
  elan3::ThreadSteps::Then then_;
  std::size_t next_ = 0; // the descriptor whose put is next; then the landing whose Test-Event is next
  unsigned remote_ = 0;
  std::vector<double> landings_;
};

void BufferSender::exchange(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
{
  std::make_shared<ComputedDem>(*this, steps, std::move(then))->put();
}

} // namespace bcssim::bcs::runtime
