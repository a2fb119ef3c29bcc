#include "bcs/runtime/lazy_polls.hpp"

#include "base/event_hold.hpp"
#include "bcs/runtime/context.hpp"
#include "models/elan3/thread_processor.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_lazy_polls, bcs_runtime,
                                "bcs.runtime.lazy_polls: the Strobe Sender's failing polls, worked out");

namespace bcssim::bcs::runtime {
namespace {
constexpr double kNever = std::numeric_limits<double>::infinity();
} // namespace

LazyPolls::~LazyPolls() { *alive_ = false; }

bool LazyPolls::start(int m, const core::CompareAndWrite& done, double issue, const elan3::ThreadSteps& steps,
                      std::function<void()> failed, std::function<void()> answered, std::function<void()> poll_again)
{
  if (!ctx_.spec.polls_computed || active_ || !base::events_can_be_held() || base::events_held())
    return false;
  // Only the SS's test of a microphase's end: every node's done word at least the phase, nothing written.
  if (done.word != ctx_.layout.done || done.op != core::Compare::ge || done.write_word || done.nodes.first() != 0 ||
      done.nodes.last() + 1 != ctx_.node_count || done.src != ctx_.spec.management_node)
    return false;
  const auto times = ctx_.core.compare_and_write_times(done);
  if (!times)
    return false;
  unsigned remaining = 0;
  for (unsigned n = 0; n < ctx_.node_count; ++n)
    remaining += ctx_.memory().word(n, ctx_.layout.done) < done.value ? 1 : 0;
  if (remaining == 0) // the next poll succeeds: acted out
    return false;
  active_ = true;
  m_ = m;
  times_ = *times;
  steps_ = &steps;
  next_issue_ = issue;
  in_flight_ = false;
  reached_ = false;
  failed_ = std::move(failed);
  answered_ = std::move(answered);
  poll_again_ = std::move(poll_again);
  base::hold_events([this, alive = alive_](double until) {
    if (*alive)
      catch_up(until);
  });
  ctx_.done_watch = DoneWatch{done.value, remaining, [this, alive = alive_] {
                                if (*alive)
                                  reached();
                              }};
  elan3::watch_arrivals(steps.nic(), [this, alive = alive_] {
    if (*alive)
      arrival();
  });
  issuing_ = false;
  if (issue == simgrid::s4u::Engine::get_clock())
    issue_now(); // the microphase's first poll, issued now: among this instant's arrivals, ordered by thread
  return true;
}

void LazyPolls::advance(double until, bool live)
{
  // SimGrid kills the SS's actor when the programs end and may then run timers that do nothing: its polls stop there.
  until = std::min(until, steps_->ended_at());
  for (;;) {
    if (issuing_)
      return; // its descriptor waits in the core's line of this instant
    if (!in_flight_) {
      if (next_issue_ > until)
        return;
      // Issued at this very instant, the acted poll arrives from its timer, in the instant's first pass of timers,
      // before any actor runs: it joins the arrivals of that pass (ordered by thread), or, when the newcomer is
      // an actor's, it was queued alone before it.
      if (live && next_issue_ == simgrid::s4u::Engine::get_clock() && simgrid::s4u::Actor::self() == nullptr) {
        issue_now();
        return;
      }
      // The poll's descriptor on the core (the acted poll queues it at its issue), the comparison, the query's
      // start, its test, its answer: each the instant before plus the step, as its timers add them.
      const double issued = next_issue_;
      const auto end = elan3::queue_past(steps_->nic(), issued, times_.descriptor_cycles);
      if (!end)
        throw std::logic_error("LazyPolls: the management NIC's core cannot queue without an actor");
      fly(*end);
      next_issue_ = kNever;
    }
    if (flight_.test > until)
      return; // the test is still to come: its outcome is not known yet
    fail(flight_, live);
    in_flight_ = false;
    next_issue_ = flight_.answer + ctx_.spec.retry_backoff;
  }
}

void LazyPolls::fly(double end)
{
  flight_.start = end + times_.compare;
  flight_.test = flight_.start + times_.way;
  flight_.answer = flight_.test + times_.way;
  in_flight_ = true;
}

void LazyPolls::issue_now()
{
  issuing_ = true;
  next_issue_ = kNever;
  steps_->run(times_.descriptor_cycles, [this, alive = alive_] {
    if (!*alive)
      return;
    issuing_ = false;
    fly(simgrid::s4u::Engine::get_clock());
    if (reached_) // every word was set while its descriptor waited: it finds them so
      answer(flight_);
  });
}

void LazyPolls::answer(const Poll& p)
{
  base::emit_held(p.start, steps_->thread(), "query.start");
  steps_->at_instant(p.answer, [this, alive = alive_] {
    if (!*alive)
      return;
    base::release_events();
    steps_->emit("query.true", 0);
    active_ = false;
    const auto answered = std::move(answered_);
    failed_ = nullptr;
    poll_again_ = nullptr;
    answered();
  });
}

void LazyPolls::fail(const Poll& p, bool count)
{
  const std::string& ss = steps_->thread();
  base::emit_held(p.start, ss, "query.start");
  base::emit_held(p.answer, ss, "query.false");
  base::emit_held(p.answer, ss, "bcs.ss.retry", std::uint64_t(m_));
  ++worked_out_;
  if (count)
    failed_();
}

void LazyPolls::arrival()
{
  const double now = simgrid::s4u::Engine::get_clock();
  advance(now);
  // Nothing the polls emit from now on is earlier than the next query's start, nor than now (others may still emit
  // at this instant): what is held before both is recorded.
  base::release_events_before(std::min(in_flight_ ? flight_.start : next_issue_, now));
}

void LazyPolls::reached()
{
  const double now = simgrid::s4u::Engine::get_clock();
  advance(now); // the polls that tested the words before the last one was written (or at that instant) failed
  stop();
  reached_ = true;
  XBT_VERB("microphase %d done on every node at %.9f; so far %llu failing polls worked out", m_, now,
           static_cast<unsigned long long>(worked_out_));
  if (issuing_) // its descriptor waits in the core's line: answered from its end (issue_now)
    return;
  if (in_flight_) { // queued, its test later: it finds every word set
    answer(flight_);
    return;
  }
  // The next poll is still to be issued: acted out from its issue on, as the polls before the first failure were.
  steps_->at_instant(next_issue_, [this, alive = alive_] {
    if (!*alive)
      return;
    base::release_events();
    active_ = false;
    const auto poll_again = std::move(poll_again_);
    answered_ = nullptr;
    failed_ = nullptr;
    poll_again();
  });
}

void LazyPolls::catch_up(double until)
{
  if (!active_)
    return;
  active_ = false;
  if (reached_) // the poll that answers is emitted up to its answer, which the run did not reach
    return;
  advance(until, false); // the SS's record of the slice is gone with its actor: not counted
  if (in_flight_ && flight_.start <= std::min(until, steps_->ended_at()))
    base::emit_held(flight_.start, steps_->thread(), "query.start");
  stop();
}

void LazyPolls::stop()
{
  ctx_.done_watch = DoneWatch{};
  elan3::watch_arrivals(steps_->nic(), {});
}

} // namespace bcssim::bcs::runtime
