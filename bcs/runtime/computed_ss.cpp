#include "bcs/runtime/computed_ss.hpp"

#include "bcs/runtime/computed_sr.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"
#include "bcs/runtime/strobe_sender.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_computed_ss, bcs_runtime,
                                "bcs.runtime.computed_ss: the message tier's Strobe Sender, computed within a slice");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

bool ComputedSlice::applies(Context& ctx)
{
  return ComputedSr::applies(ctx, ctx.spec.management_node) && !ctx.machine().dma.hardware_multicast().fails_some();
}

void ComputedSlice::run(std::int64_t k, mds::GlobalRecord& g, double& tail_start)
{
  if (!steps_ || steps_->ended() || steps_pid_ != sg4::this_actor::get_pid()) { // the SS's actor, restarted after a
                                                                                // quiet spell, is a new one
    steps_ = std::make_unique<elan3::ThreadSteps>(*ctx_.machine().platform.nic(ctx_.spec.management_node));
    steps_pid_ = sg4::this_actor::get_pid();
    done_ = sg4::Semaphore::create(0);
    XBT_VERB("the Strobe Sender's microphases are computed");
  }
  slice_ = k;
  g_ = &g;
  tail_start_ = &tail_start;
  strobed_at_ = sg4::Engine::get_clock();
  msm_strobe_ = strobed_at_;
  microphase(0);
  done_->acquire();
}

// StrobeSender::run's loop body: the microstrobe, then the polls of its microphase's end.
void ComputedSlice::microphase(int m)
{
  const std::int64_t phase = slice_ * kMicrophases + m + 1;
  steps_->emit("bcs.microstrobe", std::uint64_t(m)); // 0 DEM, 1 MSM, 2 point-to-point, 3 broadcast/barrier, 4 reduce
  if (Microphase(m) == Microphase::msm)
    msm_strobe_ = sg4::Engine::get_clock();
  if (!ctx_.core.xfer_and_signal_computed(microstrobe(ctx_, phase), *steps_,
                                          [this, m] { polls_from(m, sg4::Engine::get_clock()); }))
    throw std::logic_error("ComputedSlice: the microstrobe has no computed form"); // ComputedSlice::applies
}

void ComputedSlice::poll(int m)
{
  const core::CompareAndWrite done = microphase_done(ctx_, slice_ * kMicrophases + m + 1);
  const bool computed = ctx_.core.compare_and_write_computed(done, *steps_, [this, m](bool all) {
    if (all)
      ended(m);
    else
      failed(m);
  });
  if (!computed)
    throw std::logic_error("ComputedSlice: the Compare-And-Write has no computed form"); // ComputedSlice::applies
}

void ComputedSlice::failed(int m)
{
  steps_->emit("bcs.ss.retry", std::uint64_t(m));
  count_retry(*g_, m);
  polls_from(m, sg4::Engine::get_clock() + ctx_.spec.retry_backoff);
}

void ComputedSlice::polls_from(int m, double issue)
{
  // Worked out rather than stepped through (lazy_polls.hpp), where that applies.
  if (lazy_.start(
          m, microphase_done(ctx_, slice_ * kMicrophases + m + 1), issue, *steps_, [this, m] { count_retry(*g_, m); },
          [this, m] { ended(m); }, [this, m] { poll(m); }))
    return;
  if (issue > sg4::Engine::get_clock())
    steps_->at_instant(issue, [this, m] { poll(m); }); // after the back-off: issue is now + its seconds
  else
    poll(m);
}

void ComputedSlice::ended(int m)
{
  const double now = sg4::Engine::get_clock();
  if (Microphase(m) == Microphase::dem)
    g_->gtdem = now - strobed_at_;
  if (Microphase(m) == Microphase::msm)
    g_->gtmsm = now - msm_strobe_;
  if (Microphase(m) == Microphase::p2p)
    *tail_start_ = now;
  if (m + 1 < kMicrophases)
    microphase(m + 1);
  else
    done_->release();
}

} // namespace bcssim::bcs::runtime
