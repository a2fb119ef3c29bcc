#include "bcs/runtime/idle_slices.hpp"

#include "base/event_ahead.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/s4u/Host.hpp>

#include <xbt/log.h>

#include <algorithm>

XBT_LOG_NEW_DEFAULT_CATEGORY(bcs_runtime_idle_slices,
                             "bcs.runtime.idle_slices: idle slices computed instead of acted out");

namespace bcssim::bcs::runtime {

namespace {

// The management NIC's one-at-a-time core (models/elan3/thread_processor.cpp) as two threads use it in an idle
// slice: the Strobe Sender and the management node's Strobe Receiver. An operation arriving at `at` starts when
// the core is free and ends `seconds` later, summed as the core sums it.
struct Core {
  double free_at;
  double serve(double at, double seconds)
  {
    free_at = std::max(free_at, at) + seconds;
    return free_at;
  }
};

} // namespace

IdleSlices::IdleSlices(Context& ctx) : ctx_(ctx)
{
  const core::Machine& m = ctx.machine();
  const unsigned me = ctx.spec.management_node;
  const auto last = ctx.node_count - 1;
  const double speed = m.platform.nic(me)->get_speed();
  const double nic_clock = m.platform.spec().node.nic_clock;
  // Each as the acted-out code computes it: the core's cycles / speed (thread_processor.cpp), the idle nodes'
  // timer (IdleStrobes::add), the multicast's two sleeps (DmaEngine::multicast, HardwareMulticast::send: an empty
  // packet from NIC memory sleeps 0.0 + its tree's latency + 0.0), Compare-And-Write's comparison
  // (QsNetHw::compare_and_write) and the query's way (GlobalQuery::query).
  descriptor_ = m.costs.descriptor / speed;
  event_ = m.costs.event / speed;
  idle_done_ = 2 * m.costs.event / nic_clock;
  startup_ = m.dma.spec().startup;
  latency_ = 0.0 + (m.dma.hardware_multicast().tree_latency(me, 0, last) + 0.0);
  compare_ = m.costs.compare / nic_clock;
  way_ = m.query.one_way(me, 0, last);
  backoff_ = ctx.spec.retry_backoff;
  // Every sleep is longer than SimGrid's timing precision, which would otherwise round it up.
  const double shortest = std::min({descriptor_, event_, startup_, latency_, compare_, way_, backoff_});
  // What the computation covers: QsNet's hardware multicast and query (the software tree's strobes are messages),
  // no multicast set to fail (they are counted), no per-slice records (EMDS, MMDS, the timeline trace). The core's
  // kind (one at a time, constant speed) is checked at each run of idle slices (elan3::core_free_at).
  enabled_ = ctx.spec.idle_slices && ctx.core.hardware_collectives() && !m.dma.hardware_multicast().fails_some() &&
             shortest >= 1e-9 && !ctx.spec.emds.enabled && !ctx.spec.mmds.enabled && !base::trace::enabled() &&
             me < ctx.node_count;
}

std::optional<IdleSlice> IdleSlices::compute(std::int64_t k, double core_free) const
{
  IdleSlice s;
  s.slice = k;
  s.strobe = double(k) * ctx_.spec.slice;
  Core core{core_free};
  auto& ev = s.events;
  ev.push_back({s.strobe, "bcs.ss", "bcs.strobe", std::uint64_t(k)});
  double ss = s.strobe;  // where the Strobe Sender is
  double sr_free = 0;    // when the management node's Strobe Receiver waits again (after its third operation)
  double tail_start = 0;
  const bool others = ctx_.node_count > 1; // nodes besides the management node, done by IdleStrobes' timer
  for (int m = 0; m < kMicrophases; ++m) {
    ev.push_back({ss, "bcs.ss", "bcs.microstrobe", std::uint64_t(m)});
    // The microstrobe: the SS's descriptor, then a pooled DMA actor's start-up and the packet's flight.
    const double issued = core.serve(ss, descriptor_);
    const double started = issued + startup_;
    const double landed = started + latency_;
    ev.push_back({issued, "xfer.mcast", "dma.mcast", 0});
    ev.push_back({started, "xfer.mcast", "mcast.start", 0});
    ev.push_back({landed, "xfer.mcast", "mcast.done", 0});
    const double idle_done = landed + idle_done_;
    if (m == 0)
      s.idle_dem_end = idle_done;
    // The SS polls (its descriptor from `issued` on) while the management SR runs its three event operations from
    // the landing on: wake (test the strobe), finish (the done word at its end), test the next strobe. The core
    // serves them in the order they arrive; two arrivals, or a check and a done word, at one instant: not computed.
    int sr_ops = 0;
    double sr_arrives = std::max(landed, sr_free);
    double sr_done = -1; // the management node's done word
    const auto serve_sr = [&] {
      sr_arrives = core.serve(sr_arrives, event_);
      if (++sr_ops == 2)
        sr_done = sr_arrives;
    };
    double ss_arrives = issued;
    for (;;) {
      while (sr_ops < 3 && sr_arrives < ss_arrives)
        serve_sr();
      if (sr_ops < 3 && sr_arrives == ss_arrives)
        return std::nullopt;
      // The SS's Compare-And-Write: its descriptor, the comparison, the query's way there and back.
      const double queried = core.serve(ss_arrives, descriptor_) + compare_;
      const double checked = queried + way_;
      const double answered = checked + way_;
      while (sr_ops < 3 && sr_arrives < checked)
        serve_sr();
      if ((others && checked == idle_done) || checked == sr_done)
        return std::nullopt;
      const bool all = (!others || checked > idle_done) && sr_done >= 0 && checked > sr_done;
      ev.push_back({queried, "bcs.ss", "query.start", 0});
      ev.push_back({answered, "bcs.ss", all ? "query.true" : "query.false", 0});
      if (all) {
        if (m == 0) // the management node's DEM ended with its done word
          s.management_dem_end = sr_done;
        ss = answered;
        break;
      }
      ev.push_back({answered, "bcs.ss", "bcs.ss.retry", std::uint64_t(m)});
      ss_arrives = answered + backoff_;
    }
    while (sr_ops < 3) // the SR's last operations, after the SS's last one
      serve_sr();
    sr_free = sr_arrives;
    if (Microphase(m) == Microphase::p2p)
      tail_start = ss;
    s.last = std::max({s.last, ss, others ? idle_done : 0.0, sr_free, core.free_at});
  }
  s.end = ss;
  s.tail = s.end - tail_start;
  s.core_free = core.free_at;
  ev.push_back({s.end, "bcs.ss", "bcs.slice.done", std::uint64_t(k)});
  std::stable_sort(ev.begin(), ev.end(), [](const ComputedEvent& a, const ComputedEvent& b) { return a.at < b.at; });
  return s;
}

void IdleSlices::apply(const IdleSlice& s)
{
  for (const ComputedEvent& e : s.events)
    base::emit_ahead(e.at, e.actor, e.what, e.bytes);
  // What the acted-out slice leaves in NIC memory and in the Strobe Receivers: each node told and done with the
  // reduce microphase, and when its DEM ended.
  const std::int64_t phase = s.slice * kMicrophases + kMicrophases;
  for (unsigned n = 0; n < ctx_.node_count; ++n) {
    ctx_.memory().word(n, ctx_.layout.phase) = phase;
    ctx_.memory().word(n, ctx_.layout.done) = phase;
    ctx_.node(n).sr.set_dem_end(n == ctx_.spec.management_node ? s.management_dem_end : s.idle_dem_end);
  }
}

} // namespace bcssim::bcs::runtime
