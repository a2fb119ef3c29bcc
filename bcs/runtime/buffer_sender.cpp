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

XBT_LOG_NEW_DEFAULT_CATEGORY(bcs_runtime_buffer_sender,
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

double BufferSender::deliver_folded(const DescriptorPtr& d)
{
  const core::Machine& m = ctx_.machine();
  const unsigned to = d->peer.node;
  // What QsNetHw::xfer_and_signal's single put costs the thread (its descriptor), then the DMA's start-up and the
  // packet's flight.
  elan3::run_cycles(m.costs.descriptor);
  const double landed = m.dma.unloaded_put_landing(simgrid::s4u::Engine::get_clock(), {node_, elan3::Memory::elan},
                                                   {to, elan3::Memory::elan}, ctx_.host.spec().descriptor_bytes);
  ctx_.node(to).br.deliver_at(d, landed, node_);
  return landed;
}

void BufferSender::exchange()
{
  const elan3::EventId landed = ctx_.layout.descriptors_landed;
  std::vector<DescriptorPtr> outgoing;
  std::vector<DescriptorPtr> later; // posted during this slice already: next DEM
  for (auto& d : outbox_)
    (d->posted_slice < ctx_.clock.slice ? outgoing : later).push_back(d);
  outbox_ = std::move(later);
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
    if (folded) {
      landings.push_back(deliver_folded(d));
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
  ctx_.emds.dem_sends(node_, outgoing.size());
  ctx_.progress.events += outgoing.size();
  XBT_VERB("node %u: delivered %zu send descriptor(s), %u remote", node_, outgoing.size(), remote);
  base::emit("bcs.dem", outgoing.size());
}

} // namespace bcssim::bcs::runtime
