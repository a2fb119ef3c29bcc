// BR, the Buffer Receiver (000 §4.3), on every node's NIC: in the message scheduling microphase (MSM) it matches
// the remote send descriptors delivered by the DEM with the local receives (MPI rules: base/matching), builds a
// matching descriptor (a Transfer) per pair, and schedules what this slice's point-to-point microphase can
// carry into this node: the capacity is the time left in the slice after this MSM, the next microstrobe and the
// later microphases, at the rate into this node the DH last measured (DmaHelper::rate: learnt from the
// microphases the rate limited; spec.p2p_rate, the machine's main-to-main bound, before any), once the chunks'
// fixed costs (DmaHelper::fixed_seconds) are paid; a larger message is chunked and continues in the following
// slices. 000 §4.3 does not say how the BR sizes chunks.
#include "bcs/runtime/buffer_receiver.hpp"

#include "base/event_stream.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <limits>
#include <tuple>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_buffer_receiver, bcs_runtime,
                                "bcs.runtime.buffer_receiver: Buffer Receivers (matching, scheduling)");

namespace bcssim::bcs::runtime {
namespace {
// When point to point had on average under this share of the slice over this many slices with data to move, the
// run is told it will crawl: the slice is barely longer than its other microphases (a busy MSM shortens a few
// slices of a heavy exchange, not the average of a thousand). Simulator constants: a warning's threshold.
constexpr double kShortP2pShare = 0.1;
constexpr std::uint64_t kShortSlicesToWarn = 1000;
} // namespace

void BufferReceiver::requeue(const std::vector<Transfer>& unfinished)
{
  backlog_.insert(backlog_.begin(), unfinished.begin(), unfinished.end());
}

std::optional<base::Envelope> BufferReceiver::probe(const Endpoint& owner, const base::Pattern& pattern) const
{
  auto it = matching_.find({owner.job, owner.rank});
  if (it == matching_.end())
    return std::nullopt;
  return it->second.probe(pattern);
}

bool BufferReceiver::has_work() const { return pending() || ctx_.node(node_).collectives.any_pending(); }

void BufferReceiver::deliver_at(DescriptorPtr d, double landed, unsigned from)
{
  landing_.push_back(Landing{landed, from, std::move(d)});
}

std::pair<unsigned, std::size_t> BufferReceiver::match()
{
  // Explicit keys: never the order the Strobe Receivers happened to run in.
  std::sort(landing_.begin(), landing_.end(), [](const Landing& a, const Landing& b) {
    return std::tie(a.at, a.from, a.d->id) < std::tie(b.at, b.from, b.d->id);
  });
  unsigned walked_total = 0;
  std::size_t matched = 0;
  auto start = [&](DescriptorPtr send, DescriptorPtr recv) {
    backlog_.push_back(Transfer{std::move(send), std::move(recv), 0});
    ++matched;
  };
  // Receives posted so far, in posting order; each may take an exchanged send that waited unmatched.
  for (DescriptorPtr& r : new_recvs_) {
    receives_[r->id] = r;
    unsigned walked = 0;
    auto& queues = matching_[{r->owner.job, r->owner.rank}];
    const base::Pattern want{r->peer.rank, r->envelope.tag, r->envelope.context};
    if (auto e = queues.post(r->id, want, &walked)) {
      auto it = unmatched_.find(std::make_tuple(r->owner.job, r->owner.rank, e->source, e->context, e->seq));
      start(it->second, r);
      receives_.erase(r->id);
      unmatched_.erase(it);
    }
    walked_total += walked + 1;
  }
  new_recvs_.clear();
  // Send descriptors delivered by this slice's DEM, in arrival order.
  for (Landing& l : landing_) {
    DescriptorPtr& d = l.d;
    const base::Envelope& e = d->envelope;
    unmatched_[std::make_tuple(d->owner.job, d->peer.rank, e.source, e.context, e.seq)] = d;
    unsigned walked = 0;
    for (const base::Match& m : matching_[{d->owner.job, d->peer.rank}].arrive(e, &walked)) {
      auto it = unmatched_.find(
          std::make_tuple(d->owner.job, d->peer.rank, m.envelope.source, m.envelope.context, m.envelope.seq));
      start(it->second, receives_.at(m.receive));
      receives_.erase(m.receive);
      unmatched_.erase(it);
    }
    walked_total += walked + 1;
  }
  const bool arrivals = !landing_.empty();
  landing_.clear();
  if (arrivals) // a process blocked in a probe may now see its message
    ctx_.node(node_).nm.operation_completed();
  return {walked_total, matched};
}

void BufferReceiver::schedule()
{
  DmaHelper& dh = ctx_.node(node_).dh;
  // Time left for point to point: to the slice's end, minus the microstrobe that starts it and the broadcast
  // and reduce microphases that follow it (both as measured in the last slice).
  const double msm_end = simgrid::s4u::Engine::get_clock();
  const SliceClock& clock = ctx_.clock;
  const double left = clock.start + ctx_.spec.slice - msm_end - dh.gap() - clock.tail;
  const double rate = dh.rate() > 0 ? std::min(dh.rate(), ctx_.spec.p2p_rate) : ctx_.spec.p2p_rate;
  // Chunk k's bytes cannot move before its fixed part (DmaHelper::fixed_seconds: the descriptors the DH issues
  // one after another up to it, the get's request, the sender's DMA start-up, the route's latency) has passed,
  // and once moving all share the rate: the plan ends by the deadline if, for every k, chunk k's start plus the
  // bytes of chunks k.. at the rate fit in the time left. `free` is the least slack of those constraints, in
  // bytes: a chunk takes at most that, and a chunk whose own start leaves no time for a byte waits.
  PointToPointPlan plan;
  plan.msm_end = msm_end;
  plan.deadline = clock.start + ctx_.spec.slice - clock.tail;
  std::uint64_t planned = 0;
  double free = std::numeric_limits<double>::infinity();
  double start = 0;        // the latest chunk's start so far
  double first_fixed = -1; // the start of the first chunk with bytes to move (the crawl warning)
  bool refused = false;    // a chunk with bytes to move found no time
  while (!backlog_.empty()) {
    Transfer& t = backlog_.front();
    const std::uint64_t remaining = t.send->envelope.bytes - t.offset;
    start = std::max(start, dh.fixed_seconds(t.send->owner.node, plan.transfers.size(), remaining > 0));
    if (remaining > 0 && first_fixed < 0)
      first_fixed = start;
    free = std::min(free, (left - start) * rate);
    const std::uint64_t fits = free >= 1 ? std::uint64_t(free) : 0;
    if (remaining > 0 && fits == 0) {
      plan.full = true;
      refused = true;
      break;
    }
    const std::uint64_t chunk = std::min(remaining, fits);
    if (chunk < remaining)
      plan.full = true;
    planned += chunk;
    free -= double(chunk);
    plan.transfers.push_back(t);
    plan.chunks.push_back(chunk);
    plan.starts.push_back(start);
    backlog_.pop_front();
  }
  if (refused && planned == 0) { // nothing fits (strobe_sender.cpp: the watchdog)
    ctx_.progress.starved = true;
    ctx_.progress.starved_left = left;
    ctx_.progress.starved_rate = rate;
  }
  // A slice barely longer than its other microphases runs, but moves data at a sliver of the network's rate: a
  // run that would take seconds at 500 us can take hours. What sets that rate is the time left once a chunk's
  // fixed costs are paid, not the time left. Say so once, while it runs (stderr, not a result).
  if (first_fixed >= 0 && !ctx_.progress.warned_short) {
    p2p_time_ += std::max(left - first_fixed, 0.0);
    if (++p2p_slices_ == kShortSlicesToWarn) {
      const double mean = p2p_time_ / double(p2p_slices_);
      if (mean < kShortP2pShare * ctx_.spec.slice) {
        ctx_.progress.warned_short = true;
        XBT_WARN("bcs.runtime.slice = %gus has left point to point %.2f us of a slice to move bytes in, on average "
                 "over %llu slices, once each chunk's DMA start-up is paid (%.1f %%): messages move at about that "
                 "share of the network's rate and this run may take long (a longer slice leaves it more)",
                 ctx_.spec.slice * 1e6, mean * 1e6, static_cast<unsigned long long>(p2p_slices_),
                 100 * mean / ctx_.spec.slice);
      }
      p2p_time_ = 0;
      p2p_slices_ = 0;
    }
  }
  XBT_VERB("node %u: %.3f us left for point to point (strobe lag %.3f us, gap %.3f us, tail %.3f us), the last "
           "chunk's bytes moving after %.3f us, at %.1f MB/s: %llu B in %zu transfer(s)",
           node_, left * 1e6, (msm_end - clock.start) * 1e6, dh.gap() * 1e6, clock.tail * 1e6,
           std::max(start, first_fixed) * 1e6, rate / 1e6, static_cast<unsigned long long>(planned),
           plan.transfers.size());
  ctx_.progress.events += plan.transfers.size();
  dh.assign(std::move(plan));
}

void BufferReceiver::run()
{
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.msm, true);
    const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
    match_and_schedule();
    ctx_.node(node_).sr.finish(phase);
  }
}

std::pair<double, std::size_t> BufferReceiver::begin_msm()
{
  const auto& costs = ctx_.machine().costs;
  Node& node = ctx_.node(node_);
  // Before any point-to-point microphase was measured, the microstrobe that started this MSM stands for the
  // one that will start it.
  node.dh.estimate_gap(simgrid::s4u::Engine::get_clock() - node.sr.dem_end());
  const auto [walked, matched] = match();
  ctx_.progress.events += matched;
  return {walked * costs.compare + double(matched) * costs.descriptor, matched};
}

void BufferReceiver::end_msm(std::size_t matched)
{
  Node& node = ctx_.node(node_);
  node.collectives.schedule_mastered();
  schedule();
  XBT_VERB("node %u: matched %zu pair(s), scheduled %zu transfer(s)", node_, matched, node.dh.scheduled());
}

void BufferReceiver::match_and_schedule()
{
  const auto [cycles, matched] = begin_msm();
  elan3::run_cycles(cycles);
  end_msm(matched);
  base::emit("bcs.msm", matched);
}

void BufferReceiver::match_and_schedule(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
{
  const auto [cycles, matched] = begin_msm();
  steps.run(cycles, [this, &steps, matched = matched, then = std::move(then)] {
    end_msm(matched);
    steps.emit("bcs.msm", matched);
    then();
  });
}

} // namespace bcssim::bcs::runtime
