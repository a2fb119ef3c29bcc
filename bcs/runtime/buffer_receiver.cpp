// BR, the Buffer Receiver (000 §4.3), on every node's NIC: in the message scheduling microphase (MSM) it matches
// the remote send descriptors delivered by the DEM with the local receives (MPI rules: base/matching), builds a
// matching descriptor (a Transfer) per pair, and schedules what this slice's point-to-point microphase can
// carry into this node: the capacity is the time left in the slice after this MSM, the next microstrobe and the
// later microphases, at the rate the last point-to-point microphase achieved into this node (spec.p2p_rate, the
// machine's main-to-main bound, before any); a larger message is chunked and continues in the following slices.
#include "base/event_stream.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/s4u/Engine.hpp>

#include <algorithm>

namespace bcssim::bcs::runtime {

void Runtime::buffer_receiver(unsigned node)
{
  auto& memory = core_.machine().memory;
  const auto& costs = core_.machine().costs;
  NodeState& s = state_[node];
  for (;;) {
    core_.test_event(node, msm_event_, true);
    const std::int64_t phase = memory.word(node, phase_word_);
    // Before any point-to-point microphase was measured, the microstrobe that started this MSM stands for the
    // one that will start it.
    if (s.measured_gap == 0)
      s.measured_gap = simgrid::s4u::Engine::get_clock() - s.dem_end;
    unsigned walked_total = 0;
    std::size_t matched = 0;
    auto start = [&](DescriptorPtr send, DescriptorPtr recv) {
      s.backlog.push_back(Transfer{std::move(send), std::move(recv), 0});
      ++matched;
    };
    // Receives posted so far, in posting order; each may take an exchanged send that waited unmatched.
    for (DescriptorPtr& r : s.new_recvs) {
      s.receives[r->id] = r;
      unsigned walked = 0;
      auto& queues = s.matching[{r->owner.job, r->owner.rank}];
      const base::Pattern want{r->peer.rank, r->envelope.tag, r->envelope.context};
      if (auto e = queues.post(r->id, want, &walked)) {
        auto key = std::make_tuple(r->owner.job, r->owner.rank, e->source, e->context, e->seq);
        auto it = s.unmatched_sends.find(key);
        start(it->second, r);
        s.receives.erase(r->id);
        s.unmatched_sends.erase(it);
      }
      walked_total += walked + 1;
    }
    s.new_recvs.clear();
    // Send descriptors delivered by this slice's DEM, in arrival order.
    for (DescriptorPtr& d : s.arrived_sends) {
      const base::Envelope& e = d->envelope;
      s.unmatched_sends[std::make_tuple(d->owner.job, d->peer.rank, e.source, e.context, e.seq)] = d;
      unsigned walked = 0;
      for (const base::Match& m : s.matching[{d->owner.job, d->peer.rank}].arrive(e, &walked)) {
        auto key = std::make_tuple(d->owner.job, d->peer.rank, m.envelope.source, m.envelope.context, m.envelope.seq);
        auto it = s.unmatched_sends.find(key);
        start(it->second, s.receives.at(m.receive));
        s.receives.erase(m.receive);
        s.unmatched_sends.erase(it);
      }
      walked_total += walked + 1;
    }
    s.arrived_sends.clear();
    elan3::run_cycles(walked_total * costs.compare + matched * costs.descriptor);
    schedule_collectives(node);

    // Schedule this slice's share of the backlog, oldest first.
    // Time left for point to point: to the slice's end, minus the microstrobe that starts it and the broadcast
    // and reduce microphases that follow it (both as measured in the last slice).
    s.msm_end = simgrid::s4u::Engine::get_clock();
    const double left = slice_start_ + spec_.slice - s.msm_end - s.measured_gap - tail_;
    const double rate = s.measured_rate > 0 ? std::min(s.measured_rate, spec_.p2p_rate) : spec_.p2p_rate;
    std::uint64_t capacity = left > 0 ? std::uint64_t(left * rate) : 0;
    s.scheduled.clear();
    s.chunk.clear();
    while (!s.backlog.empty()) {
      Transfer& t = s.backlog.front();
      const std::uint64_t remaining = t.send->envelope.bytes - t.offset;
      if (remaining > 0 && capacity == 0)
        break;
      const std::uint64_t chunk = std::min(remaining, capacity);
      capacity -= chunk;
      s.scheduled.push_back(t);
      s.chunk.push_back(chunk);
      s.backlog.pop_front();
    }
    activity_ += matched + s.scheduled.size();
    base::emit("bcs.msm", matched);
    finish_microphase(node, phase);
  }
}

} // namespace bcssim::bcs::runtime
