#include "bcs/runtime/idle_slices.hpp"

#include "base/event_ahead.hpp"
#include "base/event_stream.hpp"
#include "base/sim_time.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"
#include "bcs/runtime/slice_steps.hpp"
#include "bcs/runtime/taped_slices.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>

namespace bcssim::bcs::runtime {
namespace {
constexpr std::size_t kEventsReserved = 64; // an idle slice emits ~54 events (one node in the MSM adds ~10)
}

// One computed slice: the Strobe Sender's microstrobes and polls, every Strobe Receiver that runs (the management
// node's always, a waiting node's in the MSM) and each waiting node's Buffer Receiver, as steps and core
// operations of a SliceSteps loop, written as the acted-out threads run (strobe_sender.cpp, strobe_receiver.cpp,
// buffer_receiver.cpp, collective_table.cpp, bcs/core/qsnet_hw.cpp). Nodes that run no thread in a microphase
// are done at the landing plus two event operations (IdleStrobes).
class SliceRun {
public:
  SliceRun(const IdleSlices& is, const QuietNodes& quiet, std::vector<Instant> core_free, IdleSlice& s)
      : is_(is), quiet_(quiet), s_(s), steps_(std::move(core_free)), sr_(quiet.nodes.size()), done_(quiet.nodes.size())
  {
  }

  bool run()
  {
    const int cause = steps_.cause();
    numbered(s_.strobe, "bcs.strobe");
    microstrobe(s_.strobe, cause);
    if (!steps_.run() || !ok_ || m_ != kMicrophases)
      return false;
    for (const Sr& sr : sr_)
      if (!sr.waiting || sr.landed)
        return false;
    s_.core_free = steps_.core_free();
    s_.last = max(steps_.last(), last_idle_);
    s_.tail = s_.end - tail_start_;
    return true;
  }

private:
  struct Sr {
    bool waiting = true; // in its Test-Event of the strobe, its operation paid
    bool landed = false; // a microstrobe landed while it was still paying for that Test-Event
  };
  using Thread = SliceSteps::Thread;

  void emit(Instant at, std::string_view actor, std::string_view what, std::uint64_t bytes, std::size_t i = 0)
  {
    s_.events.push_back({at, actor, what, bytes, std::uint32_t(quiet_.nodes[i].nodes.size())});
  }
  // The Strobe Sender's event whose bytes are the slice's number.
  void numbered(Instant at, std::string_view what)
  {
    s_.events.push_back({at, "bcs.ss", what, std::uint64_t(s_.slice), 1, true});
  }
  static std::string_view name(Thread t) { return t == Thread::br ? "bcs.br" : "bcs.sr"; }
  bool busy(std::size_t i) const { return Microphase(m_) == Microphase::msm && quiet_.nodes[i].msm; }

  // The SS starts microphase m_ (its microstrobe: a descriptor on its core, a pooled DMA actor's start-up and the
  // packet's flight), then polls its end.
  void microstrobe(Instant at, int cause)
  {
    emit(at, "bcs.ss", "bcs.microstrobe", std::uint64_t(m_));
    std::fill(done_.begin(), done_.end(), std::nullopt);
    steps_.arrive(0, at, cause, Thread::ss, SliceSteps::kRun, is_.descriptor_, [this](Instant issued, int c) {
      const Instant started = issued + is_.startup_;
      const Instant landed = started + is_.latency_;
      emit(issued, "xfer.mcast", "dma.mcast", 0);
      emit(started, "xfer.mcast", "mcast.start", 0);
      emit(landed, "xfer.mcast", "mcast.done", 0);
      steps_.step(landed, steps_.cause(), SliceSteps::kEveryNode, [this](Instant t, int lc) { land(t, lc); });
      poll(issued, c);
    });
  }

  // The SS's Compare-And-Write: its descriptor, the comparison, the query's way there (where every node's done
  // word is read) and back; retried after the backoff while some node is not done.
  void poll(Instant at, int cause)
  {
    steps_.arrive(0, at, cause, Thread::ss, SliceSteps::kRun, is_.descriptor_, [this](Instant x, int) {
      const Instant queried = x + is_.compare_;
      const Instant checked = queried + is_.way_;
      steps_.step(checked, steps_.cause(), 0, [this, queried](Instant t, int) { check(queried, t); });
    });
  }

  void check(Instant queried, Instant checked)
  {
    bool all = true;
    if (idle_nodes_) {
      ok_ = ok_ && idle_done_ != checked;
      all = idle_done_ < checked;
    }
    for (std::size_t i = 0; i < done_.size(); ++i) {
      if (i > 0 && !busy(i))
        continue; // an idle node this microphase (above)
      ok_ = ok_ && (!done_[i] || *done_[i] != checked);
      all = all && done_[i] && *done_[i] < checked;
    }
    const Instant answered = checked + is_.way_;
    emit(queried, "bcs.ss", "query.start", 0);
    emit(answered, "bcs.ss", all ? "query.true" : "query.false", 0);
    if (!all) {
      emit(answered, "bcs.ss", "bcs.ss.retry", std::uint64_t(m_));
      poll(answered + is_.backoff_, steps_.cause());
      return;
    }
    steps_.step(answered, steps_.cause(), 0, [this](Instant t, int c) {
      if (Microphase(m_) == Microphase::p2p)
        tail_start_ = t;
      if (++m_ < kMicrophases) {
        microstrobe(t, c);
        return;
      }
      s_.end = t;
      numbered(t, "bcs.slice.done");
    });
  }

  // The microstrobe lands everywhere at once: the threads of the nodes with work wake, the others are done two
  // event operations later.
  void land(Instant landed, int cause)
  {
    std::size_t running = 1;
    for (std::size_t i = 1; i < quiet_.nodes.size(); ++i)
      running += busy(i) ? quiet_.nodes[i].nodes.size() : 0;
    idle_done_ = landed + is_.idle_done_;
    idle_nodes_ = is_.ctx_.node_count > running;
    if (m_ == 0)
      s_.idle_dem_end = idle_done_;
    if (idle_nodes_)
      last_idle_ = max(last_idle_, idle_done_);
    for (std::size_t i = 0; i < quiet_.nodes.size(); ++i) {
      if (i > 0 && !busy(i))
        continue;
      if (sr_[i].waiting)
        wake(i, landed, cause);
      else
        sr_[i].landed = true;
    }
  }

  // The SR's Test-Event returns: its operation, then its microphase's thread woken or the microphase done.
  void wake(std::size_t i, Instant at, int cause)
  {
    sr_[i].waiting = false;
    steps_.arrive(i, at, cause, Thread::sr, SliceSteps::kRun, is_.event_, [this, i](Instant a1, int c) {
      if (!busy(i)) { // finish: the done word at its end; then the next Test-Event
        steps_.arrive(
            i, a1, c, Thread::sr, SliceSteps::kRun, is_.event_,
            [this, i](Instant a2, int c2) { test(i, a2, c2, Thread::sr); },
            [this, i](Instant a2) {
              done_[i] = a2;
              if (Microphase(m_) == Microphase::dem)
                s_.management_dem_end = a2;
            });
        return;
      }
      if (is_.ctx_.spec.folded) { // strobe_receiver.cpp: the SR does the BR's work itself
        steps_.arrive(i, a1, c, Thread::sr, SliceSteps::kOccupy, is_.event_, {});
        msm(i, a1, c, Thread::sr);
        return;
      }
      emit(a1, "bcs.sr", "bcs.sr.wake", std::uint64_t(m_), i);
      test(i, a1, c, Thread::sr);
      msm(i, a1, c, Thread::br);
    });
  }

  // The SR's Test-Event paid at `at`: it waits for the next microstrobe, or goes on if it landed meanwhile.
  void test(std::size_t i, Instant at, int cause, Thread by)
  {
    steps_.arrive(i, at, cause, by, SliceSteps::kRun, is_.event_, [this, i](Instant t, int c) {
      sr_[i].waiting = true;
      if (sr_[i].landed) {
        sr_[i].landed = false;
        wake(i, t, c);
      }
    });
  }

  // BufferReceiver::match_and_schedule with nothing to match or move: the gap estimate, the master's failing
  // query (CollectiveTable::schedule_mastered), the MSM event, then finish and the thread's next Test-Event.
  void msm(std::size_t i, Instant at, int cause, Thread by)
  {
    const QuietNode& q = quiet_.nodes[i];
    s_.gaps.emplace_back(i, at - (i == 0 ? s_.management_dem_end : s_.idle_dem_end));
    if (!q.queries) {
      emit(at, name(by), "bcs.msm", 0, i);
      finish(i, at, cause, by);
      return;
    }
    steps_.arrive(i, at, cause, by, SliceSteps::kRun, is_.descriptor_, [this, i, by](Instant b1, int) {
      const QuietNode& q = quiet_.nodes[i];
      const Instant queried = b1 + is_.compare_;
      const Instant answered = (queried + q.way) + q.way;
      emit(queried, name(by), "query.start", 0, i);
      steps_.step(answered, steps_.cause(), int(i), [this, i, by](Instant t, int c) {
        emit(t, name(by), "query.false", 0, i);
        emit(t, name(by), "bcs.coll.not_ready", std::uint64_t(quiet_.nodes[i].seq), i);
        emit(t, name(by), "bcs.msm", 0, i);
        finish(i, t, c, by);
      });
    });
  }

  void finish(std::size_t i, Instant at, int cause, Thread by)
  {
    steps_.arrive(
        i, at, cause, by, SliceSteps::kRun, is_.event_,
        [this, i, by](Instant f, int c) {
          if (by == Thread::br)
            steps_.arrive(i, f, c, Thread::br, SliceSteps::kRun, is_.event_, {}); // its next Test-Event
          else
            test(i, f, c, Thread::sr);
        },
        [this, i](Instant f) { done_[i] = f; });
  }

  const IdleSlices& is_;
  const QuietNodes& quiet_;
  IdleSlice& s_;
  SliceSteps steps_;
  std::vector<Sr> sr_;                       // by quiet_.nodes
  std::vector<std::optional<Instant>> done_; // this microphase's done words by quiet_.nodes (none: not yet)
  int m_ = 0;                                // the microphase the SS is in
  bool ok_ = true;                           // false: a check read a done word written at its own instant
  Instant idle_done_;                        // this microphase's done word on the nodes that run no thread
  bool idle_nodes_ = false;
  Instant last_idle_;
  Instant tail_start_;
};

IdleSlices::IdleSlices(Context& ctx) : ctx_(ctx), taped_(std::make_unique<TapedSlices>())
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

std::optional<QuietNodes> IdleSlices::quiet_nodes() const
{
  QuietNodes quiet;
  const unsigned me = ctx_.spec.management_node;
  quiet.nodes.push_back(QuietNode{{me}});
  QuietNode plain{{}, true}; // the waiting nodes that do not query
  for (unsigned n = 0; n < ctx_.node_count; ++n) {
    const CollectiveTable& table = ctx_.node(n).collectives;
    if (!table.any_pending())
      continue;
    const CollectiveTable::Waiting w = table.waiting();
    if (!w.computable)
      return std::nullopt;
    QuietNode q{{n}, true, w.queries, w.seq, w.queries ? ctx_.machine().query.one_way(n, w.first, w.last) : 0.0};
    if (n == me)
      quiet.nodes.front() = q;
    else if (w.queries)
      quiet.nodes.push_back(q);
    else
      plain.nodes.push_back(n);
  }
  if (!plain.nodes.empty())
    quiet.nodes.push_back(std::move(plain));
  return quiet;
}

IdleSlices::~IdleSlices() = default;
std::uint64_t IdleSlices::taped() const { return taped_->taped(); }
std::uint64_t IdleSlices::replayed() const { return taped_->replayed(); }

bool IdleSlices::compute(std::int64_t k, const QuietNodes& quiet, const std::vector<double>& core_free, IdleSlice& s)
{
  inputs_.clear();
  inputs_.push_back(double(k) * ctx_.spec.slice);
  inputs_.insert(inputs_.end(), core_free.begin(), core_free.end());
  if (taped_->replay(k, quiet, inputs_, s))
    return true;
  // The event loop computes it, taped (the tape replaces the one before).
  s = IdleSlice{};
  {
    SliceTape& tape = taped_->record();
    const SliceTape::Recording recording(tape);
    s.slice = k;
    s.strobe = tape.input(inputs_[0]);
    s.events.reserve(kEventsReserved);
    std::vector<Instant> free;
    free.reserve(core_free.size());
    for (double f : core_free)
      free.push_back(tape.input(f));
    SliceRun run(*this, quiet, std::move(free), s);
    if (!run.run())
      return false;
    // In time order, those of one instant as made: a stable insertion sort, as the events come nearly sorted
    // (std::stable_sort's merge and buffer were a tenth of a computed slice). Its comparisons are taped too.
    std::vector<ComputedEvent>& e = s.events;
    for (std::size_t i = 1; i < e.size(); ++i)
      for (std::size_t j = i; j > 0 && e[j].at < e[j - 1].at; --j)
        std::swap(e[j], e[j - 1]);
  }
  s.tape = taped_->adopt(s, quiet);
  return true;
}

void IdleSlices::apply(const IdleSlice& s, const QuietNodes& quiet)
{
  // As a block of its tape's pattern when no other event can share its instants: later than anything emitted
  // before it (the clock, the slices before), and every later event is (the strobe sender computes a slice only
  // if it ends before the next strobe and a microsecond before anything else may happen).
  auto block = taped_->block(s);
  const double next_strobe = double(s.slice + 1) * ctx_.spec.slice;
  if (block && base::within_sim_time_limit(next_strobe) &&
      block->instant_ns.front() > std::max(base::to_ns(simgrid::s4u::Engine::get_clock()), emitted_ns_) &&
      block->instant_ns.back() < base::to_ns(next_strobe)) {
    emitted_ns_ = block->instant_ns.back();
    base::emit_block_ahead(std::move(*block));
  } else {
    for (const ComputedEvent& e : s.events)
      for (std::uint32_t i = 0; i < e.times; ++i)
        base::emit_ahead(e.at.value(), e.actor, e.what, e.bytes);
    if (!s.events.empty() && base::within_sim_time_limit(s.events.back().at.value()))
      emitted_ns_ = std::max(emitted_ns_, base::to_ns(s.events.back().at.value()));
  }
  for (const auto& [i, gap] : s.gaps) // each waiting node's BR, in its MSM
    for (unsigned node : quiet.nodes[i].nodes)
      ctx_.node(node).dh.estimate_gap(gap.value());
}

void IdleSlices::leave(const IdleSlice& s)
{
  // What the acted-out slice leaves in NIC memory and in the Strobe Receivers: each node told and done with the
  // reduce microphase, and when its DEM ended.
  const std::int64_t phase = s.slice * kMicrophases + kMicrophases;
  for (unsigned n = 0; n < ctx_.node_count; ++n) {
    ctx_.memory().word(n, ctx_.layout.phase) = phase;
    ctx_.write_done(n, phase);
    ctx_.node(n).sr.set_dem_end(n == ctx_.spec.management_node ? s.management_dem_end.value() : s.idle_dem_end.value());
  }
}

} // namespace bcssim::bcs::runtime
