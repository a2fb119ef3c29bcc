#pragma once
// The Strobe Sender's failing polls worked out instead of stepped through (issue 65 goal 2, the slice solver: the
// SS's polls; bcs.runtime.polls). In a busy slice the SS polls a microphase's end with Compare-And-Write every
// few microseconds (a point-to-point microphase waits for its chunks' data: about twenty polls). Each poll is an
// operation on the management NIC's core, a comparison, the global query's way to the nodes (where it tests their
// done words) and back, and a back-off: five instants at which SimGrid stops for the poll alone. What can change a
// poll's course is known: a done word reaching the phase (Context::DoneWatch) and another operation arriving on the
// core (elan3::watch_arrivals). So after the first failure no poll is acted out: when one of those happens (or the
// run ends) the polls up to that instant are worked out with the sums acting them out makes (the core's
// max(free, arrival) + cycles / speed, each wait added to the instant before it), their events emitted into the
// held stream (base/event_hold.hpp) at their instants; the poll that finds every word set is answered from a timer
// at its instant, and the SS goes on as compare_and_write_computed's answer would have it.
// Ties at one instant: a done word written at the instant a query tests the words is not seen by that test (a
// timer, which SimGrid runs before the instant's actors); a poll issued at the instant of a trigger is queued for
// real among that instant's arrivals from timers, which the core orders by thread (the acted poll arrives from its
// timer, before any actor runs at the instant), and ahead of an actor's arrival, as it was. Only where the SS is
// computed (computed_ss.hpp, the message-level tier): under the stages its polls are its actor's sleeps, whose ends
// are SimGrid's, not these sums (docs/model.md). The digest is the same both ways (tests/e2e/test_cli_polls.cpp)
// except where SimGrid's lazy max-min update tells apart the order of its timers where flows contend (docs/model.md).
#include "bcs/core/primitives.hpp"
#include "models/elan3/thread_steps.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>

namespace bcssim::bcs::runtime {

struct Context;

class LazyPolls {
public:
  explicit LazyPolls(Context& ctx) : ctx_(ctx) {}
  ~LazyPolls();
  LazyPolls(const LazyPolls&) = delete;
  LazyPolls& operator=(const LazyPolls&) = delete;

  /// After a poll of `done` (microphase `m`) failed, now, or before the first: from the next poll, issued at `issue`
  /// on `steps` (the SS's), polls until one finds every word set, each failure emitted and counted by `failed()`, then
  /// `answered()` at that poll's answer; or, when the last word is written before the next poll is issued,
  /// `poll_again()` at its issue (the SS polls as acted from there). False (nothing done: poll on as acted) where
  /// this does not apply: bcs.runtime.polls = acted, no computed form of the Compare-And-Write, a sink that cannot
  /// be held, or every word set already.
  bool start(int m, const core::CompareAndWrite& done, double issue, const elan3::ThreadSteps& steps,
             std::function<void()> failed, std::function<void()> answered, std::function<void()> poll_again);

private:
  struct Poll {
    double start = 0;  // s: the query starts (query.start)
    double test = 0;   // s: it tests the words
    double answer = 0; // s: its answer is back (query.true, query.false)
  };
  void arrival();              // another operation arrives on the core, now
  void reached();              // the last done word reached the phase, now
  void catch_up(double until); // the run ends at `until`
  /// Queues every poll issued by `until` on the core, failing those that test the words by then. `live`: `until` is
  /// now, a poll issued now is queued among this instant's arrivals, and each failure is counted by failed(); else
  /// the run has ended at `until` (nothing queued for real, nothing counted).
  void advance(double until, bool live = true);
  void fly(double end); // the poll whose descriptor ends at `end` is in flight: its instants, each after the one before
  void issue_now();     // the next poll's descriptor queued now, as acted (by thread among the instant's)
  void answer(const Poll& p); // p finds every word set: its start emitted, its answer from a timer
  void fail(const Poll& p, bool count);
  void stop(); // no more watching

  Context& ctx_;
  const elan3::ThreadSteps* steps_ = nullptr;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true); // false once destroyed: the watchers do nothing
  bool active_ = false;
  bool reached_ = false; // the last word was written: the rest is on timers
  int m_ = 0;
  core::CorePrimitives::ComputedTimes times_;
  double next_issue_ = 0;  // s: the next poll's arrival on the core (infinity while one is in flight)
  bool issuing_ = false;   // a poll's descriptor queued this instant, its end not known yet
  bool in_flight_ = false; // a poll queued on the core whose test is later than the last instant looked at
  Poll flight_;            // ... its instants
  std::function<void()> failed_;
  std::function<void()> answered_;
  std::function<void()> poll_again_;
  std::uint64_t worked_out_ = 0; // failing polls worked out in the run (the log says how many)
};

} // namespace bcssim::bcs::runtime
