// SR, the Strobe Receiver (000 §4.1-4.2), on every node's NIC: on each microstrobe it wakes the local thread of
// the new microphase; the slice strobe (the DEM's) first lets the Node Manager restart processes. A thread with
// nothing to do in its microphase would only report it done, so the SR reports it itself. Under the message-level
// tier (RuntimeSpec::folded) the SR does the Buffer Sender's, Buffer Receiver's and DMA Helper's work itself, on the
// same thread processor: three fewer actors to wake per busy node and microphase (docs/model.md).
//
// An idle node (no work in the microphase, nothing for its NM, no EMDS record, not the management node whose NIC
// the SS shares) would spend exactly two event operations of its otherwise unused thread processor between the strobe
// landing and its done word: test the strobe event, write the word. That outcome is computed instead of
// simulated: the word is written by one kernel timer for all idle nodes at landing + 2 events, the instant the
// SR thread would have written it. Idle slices then cost a handful of activities instead of two NIC executions
// and two context switches per node per microphase (bench/README.md).
#include "bcs/runtime/strobe_receiver.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/computed_sr.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_strobe_receiver, bcs_runtime,
                                "bcs.runtime.strobe_receiver: Strobe Receivers (microstrobe landings)");

namespace bcssim::bcs::runtime {

StrobeReceiver::StrobeReceiver(Context& ctx, unsigned node, IdleStrobes& idle) : ctx_(ctx), node_(node), idle_(idle)
{
  if (ComputedSr::applies(ctx, node))
    computed_ = std::make_unique<ComputedSr>(ctx, node);
}

StrobeReceiver::~StrobeReceiver() = default;

void IdleStrobes::add(unsigned node, std::int64_t phase)
{
  const double now = simgrid::s4u::Engine::get_clock();
  if (!batch_ || batch_->landed != now || batch_->phase != phase) {
    // A new instant (the software tree lands the strobe node by node): a timer of its own.
    batch_ = std::make_shared<Batch>(Batch{now, phase, {}});
    const double done = now + 2 * ctx_.machine().costs.event / ctx_.machine().platform.spec().node.nic_clock;
    Context& ctx = ctx_;
    simgrid::kernel::timer::Timer::set(done, [&ctx, batch = batch_, done] {
      for (unsigned idle : batch->nodes)
        ctx.node(idle).sr.finish_idle(batch->phase, done);
    });
  }
  batch_->nodes.push_back(node);
}

void StrobeReceiver::land(std::int64_t phase)
{
  Node& node = ctx_.node(node_);
  ctx_.memory().word(node_, ctx_.layout.phase) = phase;
  const Microphase m = microphase_of(phase);
  if (ctx_.emds.watches(node_))
    ctx_.emds.landing(node_, m, ctx_.clock.slice, [&node] {
      return node.collectives.scheduled(false).size() + node.collectives.scheduled(true).size();
    });
  // At the slice strobe: a restart or a job's termination for the Node Manager.
  const bool nm_due = m == Microphase::dem && (node.nm.restart_due() || node.nm.termination_due());
  // A recording SR is never idle: its EMDS figures come from its own run through the microphases.
  if (node_ == ctx_.spec.management_node || nm_due || ctx_.emds.active(node_, ctx_.clock.slice) || node.has_work(m)) {
    if (computed_)
      computed_->strobe();
    else
      ctx_.memory().event(node_, ctx_.layout.strobe).set();
    return;
  }
  if (m == Microphase::dem)
    node.collectives.raise_flags();
  idle_.add(node_, phase);
}

void StrobeReceiver::finish(std::int64_t phase)
{
  elan3::run_cycles(ctx_.machine().costs.event);
  finished(phase);
}

void StrobeReceiver::finished(std::int64_t phase)
{
  const Microphase m = microphase_of(phase);
  if (m == Microphase::dem)
    dem_end_ = simgrid::s4u::Engine::get_clock();
  if (ctx_.emds.watches(node_))
    ctx_.emds.finished(node_, m, ctx_.node(node_).dh.scheduled());
  if (woke_at_ >= 0) { // the microphase on the thread's timeline
    base::trace::span_since(woke_at_, to_string(m), "bcs");
    woke_at_ = -1;
  }
  ctx_.write_done(node_, phase);
}

void StrobeReceiver::finish_idle(std::int64_t phase, double at)
{
  if (microphase_of(phase) == Microphase::dem)
    dem_end_ = at;
  ctx_.write_done(node_, phase);
}

void StrobeReceiver::run()
{
  if (computed_) { // the steps are computed (computed_sr.hpp); this actor runs only what blocks
    computed_->run_actor();
    return;
  }
  if (ctx_.spec.folded) // the first Test-Events of the BS, BR and DH, which the message-level tier does not start
    elan3::occupy_cycles(3 * ctx_.machine().costs.event);
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.strobe, true);
    elan3::run_cycles(ctx_.machine().costs.event);
    act(ctx_.memory().word(node_, ctx_.layout.phase));
  }
}

void StrobeReceiver::act(std::int64_t phase)
{
  Node& node = ctx_.node(node_);
  const Microphase m = microphase_of(phase);
  if (m == Microphase::dem) {
    node.nm.at_slice_strobe();
    const std::uint64_t raised = node.collectives.raise_flags();
    if (ctx_.emds.active(node_, ctx_.clock.slice)) { // the record of the last slice costs the SR its update
      ctx_.emds.slice_start(node_, raised, node.nm.blocked());
      elan3::run_cycles(ctx_.spec.emds.update_cycles);
    }
  }
  if (!node.has_work(m)) {
    finish(phase);
    return;
  }
  if (ctx_.spec.folded && m <= Microphase::p2p) { // the message-level tier: no thread to wake for these
    if (base::trace::enabled())
      woke_at_ = simgrid::s4u::Engine::get_clock();
    // Under the stages the SR's next Test-Event (its cycles paid before it waits) takes the core right after the
    // woken thread's first operation, and that thread's own Test-Event after its done word: the same cycles.
    elan3::occupy_cycles(ctx_.machine().costs.event);
    if (m == Microphase::dem)
      node.bs.exchange();
    else if (m == Microphase::msm)
      node.br.match_and_schedule();
    else
      node.dh.move_plan();
    finish(phase);
    return;
  }
  XBT_VERB("node %u: wakes the thread of the %s", node_, to_string(m));
  base::emit("bcs.sr.wake", std::uint64_t(m));
  if (base::trace::enabled())
    woke_at_ = simgrid::s4u::Engine::get_clock();
  ctx_.memory().event(node_, ctx_.layout.wake(m)).set();
}

} // namespace bcssim::bcs::runtime
