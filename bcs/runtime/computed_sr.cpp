#include "bcs/runtime/computed_sr.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"
#include "models/elan3/thread_processor.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_computed_sr, bcs_runtime,
                                "bcs.runtime.computed_sr: the message-level tier's Strobe Receivers, computed");

namespace bcssim::bcs::runtime {

bool ComputedSr::applies(Context& ctx, unsigned node)
{
  return ctx.spec.folded && ctx.spec.nic_threads_computed && ctx.core.hardware_collectives() &&
         !ctx.spec.emds.enabled && !base::trace::enabled() &&
         elan3::queues_without_actor(*ctx.machine().platform.nic(node));
}

void ComputedSr::run_actor()
{
  steps_ = std::make_unique<elan3::ThreadSteps>(*ctx_.machine().platform.nic(node_));
  XBT_VERB("node %u: the Strobe Receiver's steps are computed", node_);
  handed_ = simgrid::s4u::Semaphore::create(0);
  // The first Test-Events of the BS, BR and DH, which the message-level tier does not start, then the SR's own.
  steps_->occupy(3 * ctx_.machine().costs.event);
  test();
  for (;;) {
    handed_->acquire();
    auto work = std::move(work_);
    work_ = nullptr;
    work();
  }
}

void ComputedSr::in_actor(std::function<void()> work)
{
  work_ = std::move(work);
  handed_->release();
}

void ComputedSr::test()
{
  steps_->run(ctx_.machine().costs.event, [this] { waiting(); });
}

void ComputedSr::waiting()
{
  if (landed_) { // CorePrimitives::test_event: the event was set while its operation ran
    landed_ = false;
    wake();
    return;
  }
  waiting_ = true;
}

void ComputedSr::strobe()
{
  if (!waiting_) {
    landed_ = true;
    return;
  }
  waiting_ = false;
  wake();
}

void ComputedSr::wake()
{
  steps_->run(ctx_.machine().costs.event, [this] { step(); });
}

void ComputedSr::step()
{
  const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
  Node& node = ctx_.node(node_);
  const Microphase m = microphase_of(phase);
  // What blocks on something else than the core or a timer: the whole microphase on the actor, which runs it from
  // this instant as the acted-out SR would (a job's termination to ask at the slice strobe, a collective master's
  // query in the MSM: neither condition changes while the microphase runs).
  if ((m == Microphase::dem && !node.nm.strobe_computable()) ||
      (m == Microphase::msm && node.br.has_work() && node.collectives.masters_a_query())) {
    in_actor([this, phase] {
      ctx_.node(node_).sr.act(phase);
      elan3::run_cycles(ctx_.machine().costs.event); // the next Test-Event as the acted-out loop pays it
      waiting();
    });
    return;
  }
  if (m == Microphase::dem) { // the Node Manager's restarts first (StrobeReceiver::act)
    node.nm.at_slice_strobe(*steps_, [this, phase] {
      ctx_.node(node_).collectives.raise_flags();
      work(phase);
    });
    return;
  }
  work(phase);
}

void ComputedSr::work(std::int64_t phase)
{
  Node& node = ctx_.node(node_);
  const Microphase m = microphase_of(phase);
  if (!node.has_work(m)) {
    finish(phase);
    return;
  }
  if (m <= Microphase::p2p) { // StrobeReceiver::act's folded branch
    steps_->occupy(ctx_.machine().costs.event);
    auto then = [this, phase] { finish(phase); };
    if (m == Microphase::dem)
      node.bs.exchange(*steps_, then);
    else if (m == Microphase::msm)
      node.br.match_and_schedule(*steps_, then);
    else
      node.dh.move_plan(*steps_, then);
    return;
  }
  XBT_VERB("node %u: wakes the thread of the %s", node_, to_string(m));
  steps_->emit("bcs.sr.wake", std::uint64_t(m));
  ctx_.memory().event(node_, ctx_.layout.wake(m)).set();
  test();
}

void ComputedSr::finish(std::int64_t phase)
{
  steps_->run(ctx_.machine().costs.event, [this, phase] {
    ctx_.node(node_).sr.finished(phase);
    test();
  });
}

} // namespace bcssim::bcs::runtime
