#pragma once
// A small event loop for computing a slice (idle_slices.cpp): NIC threads' steps in time order, and the
// operations they put on their NIC's one-at-a-time core, served as models/elan3/thread_processor.cpp serves
// them. That core queues the operations that arrive at one instant by thread name (then pid; an occupation after
// the thread's own operations) behind those already queued, and ends each at max(free, now) + its seconds.
//
// The acted-out run orders two things at one instant only when one causes the other within the same instant (a
// Strobe Receiver's operation ends, it wakes the Buffer Receiver, both queue an operation). Things at one
// instant on one node with different causes (two timers, a sleep's end and an operation's) run in an order this
// loop cannot know, so it refuses them: run() returns false and the slice is acted out. Steps on different nodes
// touch nothing of each other's at that instant (a done word is read later than it is written, or the check
// refuses the slice), so their order does not matter; a step of every node (a landing) shares its instant with
// nothing else. Its instants are Instants, so that a slice it runs can be taped (slice_tape.hpp).
#include "base/inline_function.hpp"
#include "bcs/runtime/slice_tape.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace bcssim::bcs::runtime {

class SliceSteps {
public:
  // Continuations capture only trivially copyable values: an entry is moved as plain bytes.
  using Then = base::InlineFunction<void(Instant at, int cause)>;
  using Served = base::InlineFunction<void(Instant end)>;
  /// A thread's name, in the order the core sorts names: "bcs.br" < "bcs.sr" < "bcs.ss".
  enum Thread : int { br = 0, sr = 1, ss = 2 };
  /// An operation the thread waits for (its pid) and an occupation it does not wait for (after its others).
  static constexpr long kRun = 0;
  static constexpr long kOccupy = std::numeric_limits<long>::max();

  explicit SliceSteps(std::vector<Instant> core_free) : core_free_(std::move(core_free)) {}

  /// A new cause: a timer, a sleep's end, an operation's end, a landing.
  int cause() { return next_cause_++; }
  /// `then(at, cause)` runs at `at` (a sleep's end, a landing, a check), caused by `cause`, on core `node`'s node
  /// (kEveryNode: it touches every node).
  static constexpr int kEveryNode = -1;
  void step(Instant at, int cause, int node, Then then) { push({at, 0, cause, -1, node, 0, 0, then, {}}); }
  /// An operation of `seconds` on core `core`, arriving at `at`: `served(end)` runs when it is queued (its end
  /// known), `then(end, cause)` at its end (with a cause of its own); either may be empty.
  void arrive(std::size_t core, Instant at, int cause, Thread thread, long key, double seconds, Then then,
              Served served = {})
  {
    push({at, 0, cause, int(core), thread, key, seconds, then, served});
  }
  /// Runs everything to the end; false when two things at one instant have different causes (see above).
  bool run();
  /// When each core is free again.
  const std::vector<Instant>& core_free() const { return core_free_; }
  /// The latest instant anything ended at.
  Instant last() const { return last_; }

private:
  struct Entry {
    Instant at;
    std::uint64_t order; // made after the entries of lower order: (at, order) is its place in time
    int cause;
    int core;   // -1: a step
    int thread; // a step: its node (kEveryNode: all)
    long key;
    double seconds;
    Then then;
    Served served;
  };
  void push(Entry e);
  // The entries not run yet, latest first, so that the next is at the back: a slice has a handful pending at a
  // time, for which a sorted vector costs less than a heap of keys into slots (measured: bench/README.md).
  std::vector<Entry> pending_;
  std::uint64_t made_ = 0;
  Instant now_;       // the instant being run
  bool past_ = false; // something was made before now_
  std::vector<Instant> core_free_;
  int next_cause_ = 0;
  Instant last_;
};

} // namespace bcssim::bcs::runtime
