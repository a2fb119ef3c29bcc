// SS, the Strobe Sender (000 §4.1-4.2), on the management node's NIC: every slice boundary a strobe opens the
// DEM; for each microphase it then checks with Compare-And-Write that every node has finished it, retrying after
// spec.retry_backoff while some has not, and sends the next microstrobe with Xfer-And-Signal. It measures how
// long the broadcast and reduce microphases took, for the BRs' slice capacity.
#include "bcs/runtime/strobe_sender.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"
#include "bcs/runtime/strobe_receiver.hpp"

#include "models/elan3/thread_processor.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_strobe_sender, bcs_runtime,
                                "bcs.runtime.strobe_sender: the Strobe Sender (slices, microphases)");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

StrobeSender::StrobeSender(Context& ctx, const Machine& machine) : ctx_(ctx), machine_(machine), idle_slices_(ctx)
{
  if (ComputedSlice::applies(ctx))
    computed_ = std::make_unique<ComputedSlice>(ctx);
}

void StrobeSender::start()
{
  if (strobing_)
    return;
  strobing_ = true;
  sg4::Actor::create("bcs.ss", ctx_.machine().platform.nic(ctx_.spec.management_node), [this] {
    run();
    strobing_ = false;
  })->daemonize();
}

void StrobeSender::run()
{
  const RuntimeSpec& spec = ctx_.spec;
  SliceClock& clock = ctx_.clock;
  int stalled = 0; // slice boundaries in a row at which nothing could progress
  double tail_start = 0;
  std::int64_t idle = 0; // slices in a row in which every process waited and nothing moved
  std::uint64_t seen_events = ctx_.progress.events;
  double starved_slice = 0;    // s: the longest of those slices in which a BR found no time for point to point
  double previous_strobe = -1; // EMDS (000 Table 5.1); a restarted SS starts a new record
  for (std::int64_t k = std::int64_t(std::ceil(sg4::Engine::get_clock() / spec.slice - 1e-9));; ++k) {
    sg4::this_actor::sleep_until(double(k) * spec.slice);
    if (machine_.running_jobs() == 0)
      return; // the MM has seen every job terminate: the machine goes quiet until it launches another
    stalled = machine_.progress_possible() ? 0 : stalled + 1;
    if (stalled >= 2) {
      base::emit("bcs.ss.stall", 0); // every live process waits for something no one will post
      XBT_VERB("slice %lld: no progress possible; the strobe stops", static_cast<long long>(k));
      return;
    }
    if (machine_.all_waiting() && ctx_.progress.events == seen_events) {
      if (++idle >= kGiveUpSlices) { // pending work that never moves: stop, and say why (Runtime::stall)
        ctx_.stall = Stall{
            k, idle, starved_slice, ctx_.progress.starved, ctx_.progress.starved_left, ctx_.progress.starved_rate};
        base::emit("bcs.ss.livelock", std::uint64_t(idle));
        XBT_INFO("slice %lld: nothing moved for %lld slices while every process waited; the strobe stops",
                 static_cast<long long>(k), static_cast<long long>(idle));
        return;
      }
    } else {
      idle = 0;
      seen_events = ctx_.progress.events;
      starved_slice = 0;
    }
    ctx_.progress.starved = false;
    clock.slice = k;
    clock.start = double(k) * spec.slice; // nominal: a late strobe does not shift the slices after it
    if (const auto crossed = cross_idle_slices(k)) {
      // Each computed slice left the watchdogs where this one's checks left them: some process computes, nothing
      // moves. The loop goes on at the next slice's strobe.
      k = crossed->slice;
      clock.slice = k;
      clock.start = crossed->strobe.value();
      clock.tail = crossed->tail.value();
      previous_strobe = crossed->strobe.value();
      continue;
    }
    base::emit("bcs.strobe", std::uint64_t(k));
    mds::GlobalRecord g;
    g.slice = k;
    const double strobed_at = sg4::Engine::get_clock();
    g.getts = previous_strobe >= 0 ? strobed_at - previous_strobe : 0;
    previous_strobe = strobed_at;
    if (base::trace::enabled())
      base::trace::instant("slice " + std::to_string(k), true);
    if (computed_)
      computed_->run(k, g, tail_start);
    else
      act_microphases(k, g, tail_start);
    clock.tail = sg4::Engine::get_clock() - tail_start; // what the BRs keep free for these microphases next slice
    if (ctx_.progress.starved) // a slice at least this long leaves point to point no time once strobes run late
      starved_slice = std::max(starved_slice, sg4::Engine::get_clock() - strobed_at);
    base::emit("bcs.slice.done", std::uint64_t(k));
    if (ctx_.emds.records(k)) {
      g.gtts = sg4::Engine::get_clock() - strobed_at;
      ctx_.emds.add(g);
      elan3::run_cycles(spec.emds.update_cycles);
    }
  }
}

core::XferAndSignal microstrobe(Context& ctx, std::int64_t phase)
{
  core::XferAndSignal strobe;
  strobe.src = ctx.spec.management_node;
  strobe.dst = core::NodeSet::range(0, ctx.node_count - 1);
  strobe.deliver = [&ctx, phase](unsigned node) { ctx.node(node).sr.land(phase); }; // wakes the SR if needed
  return strobe;
}

core::CompareAndWrite microphase_done(const Context& ctx, std::int64_t phase)
{
  core::CompareAndWrite done;
  done.src = ctx.spec.management_node;
  done.nodes = core::NodeSet::range(0, ctx.node_count - 1);
  done.word = ctx.layout.done;
  done.op = core::Compare::ge;
  done.value = phase;
  return done;
}

void count_retry(mds::GlobalRecord& g, int m)
{
  ++g.usrts;
  g.usrdem += Microphase(m) == Microphase::dem ? 1 : 0;
  g.usrmsm += Microphase(m) == Microphase::msm ? 1 : 0;
}

void StrobeSender::act_microphases(std::int64_t k, mds::GlobalRecord& g, double& tail_start)
{
  const double strobed_at = sg4::Engine::get_clock();
  double msm_strobe = strobed_at;
  for (int m = 0; m < kMicrophases; ++m) {
    const std::int64_t phase = k * kMicrophases + m + 1;
    base::emit("bcs.microstrobe", std::uint64_t(m)); // 0 DEM, 1 MSM, 2 point-to-point, 3 broadcast/barrier, 4 reduce
    if (Microphase(m) == Microphase::msm)
      msm_strobe = sg4::Engine::get_clock();
    ctx_.core.xfer_and_signal(microstrobe(ctx_, phase));
    const core::CompareAndWrite done = microphase_done(ctx_, phase);
    while (!ctx_.core.compare_and_write(done)) {
      base::emit("bcs.ss.retry", std::uint64_t(m));
      count_retry(g, m);
      sg4::this_actor::sleep_for(ctx_.spec.retry_backoff);
    }
    if (Microphase(m) == Microphase::dem)
      g.gtdem = sg4::Engine::get_clock() - strobed_at;
    if (Microphase(m) == Microphase::msm)
      g.gtmsm = sg4::Engine::get_clock() - msm_strobe;
    if (Microphase(m) == Microphase::p2p)
      tail_start = sg4::Engine::get_clock();
  }
}

std::optional<IdleSlice> StrobeSender::cross_idle_slices(std::int64_t k)
{
  if (!idle_slices_.enabled() || k < 2 || sg4::Engine::get_clock() != ctx_.clock.start)
    return std::nullopt; // a late strobe (the slice before overran) is acted out
  const double quiet = machine_.quiet_until();
  if (!(quiet > ctx_.clock.start))
    return std::nullopt;
  const auto nodes = idle_slices_.quiet_nodes();
  if (!nodes) {
    XBT_VERB("slice %lld: a pending collective could change the slice: acted out", static_cast<long long>(k));
    return std::nullopt;
  }
  std::vector<double> free; // by nodes->nodes: those computed together must be free by the strobe (then the same)
  for (const QuietNode& n : nodes->nodes) {
    free.push_back(0);
    for (unsigned node : n.nodes) {
      const auto core_free = elan3::core_free_at(*ctx_.machine().platform.nic(node));
      if (!core_free || (n.nodes.size() > 1 && *core_free > ctx_.clock.start))
        return std::nullopt;
      free.back() = std::max(free.back(), *core_free);
    }
  }
  // A slice is computed only if everything it does ends before the next strobe and a microsecond before the
  // earliest instant anything else may happen: nothing can then tell it from the acted-out one.
  constexpr double margin = 1e-6;
  // At most this many at once: their events wait in memory until the clock reaches them (one sleep of the SS per
  // run of them is nothing beside the slices' own cost).
  constexpr std::int64_t most = 1024;
  bool any = false;
  IdleSlice s, previous; // two, swapped: the next slice is computed into the memory of the one before last
  for (std::int64_t j = k; j < k + most; ++j) {
    const bool computed = idle_slices_.compute(j, *nodes, free, s);
    if (!computed || !(s.last.value() < double(j + 1) * ctx_.spec.slice) || !(s.last.value() + margin < quiet)) {
      XBT_VERB("slice %lld: %s: acted out", static_cast<long long>(j),
               !computed ? "two of its steps at one instant" : "it could meet something else");
      break;
    }
    idle_slices_.apply(s, *nodes);
    for (std::size_t i = 0; i < free.size(); ++i)
      free[i] = s.core_free[i].value();
    std::swap(s, previous);
    any = true;
  }
  std::size_t waiting = 0;
  for (const QuietNode& n : nodes->nodes)
    waiting += n.msm ? n.nodes.size() : 0;
  if (!any)
    return std::nullopt;
  idle_slices_.leave(previous);
  XBT_VERB("slices %lld to %lld computed (idle; %zu node(s) with a collective waiting); so far %llu taped, %llu "
           "replayed",
           static_cast<long long>(k), static_cast<long long>(previous.slice), waiting,
           static_cast<unsigned long long>(idle_slices_.taped()),
           static_cast<unsigned long long>(idle_slices_.replayed()));
  return previous;
}

} // namespace bcssim::bcs::runtime
