#pragma once
// A computed slice taped once and replayed for its successors (docs/plans/idle-slice-tape.md; issue 65 goal 1).
//
// A computed slice (idle_slices.cpp) is a function of its inputs (its strobe, each NIC core's free instant) made of
// sums, differences and maxima of instants, steered by comparisons of instants (which step runs next, whether a
// poll finds every node done). Slice after slice the inputs differ only by the strobe's period, so the same
// operations run, steered the same way. Shifting the first slice's instants by k periods would not be exact (the
// sums round differently, and the digest rounds each instant to the ns), but re-evaluating the same operations on
// the new inputs is: while every comparison comes out as it did, the control flow, hence every operation and its
// operands, is the one the event loop would take, so every double is the one it would compute, to the last bit.
//
// So the instants of a computed slice are `Instant`s: a value and, while a tape records, the slot of the taped
// operation that made it. Recording keeps each operation and each comparison's outcome (<, ==, >). Replaying
// evaluates the operations in order on new inputs, then checks every comparison; one that comes out otherwise
// abandons the replay (the slice is then computed by the event loop, and taped anew).
#include <cstdint>
#include <vector>

namespace bcssim::bcs::runtime {

/// An instant (s) of a computed slice. Made from a tape's input, from a constant (Instant::constant, or a plain
/// double added to an instant: the machine's constants), or from other instants; its value read only at the end
/// (value()), never turned back into an instant, so that nothing that depends on an input escapes the tape.
class Instant {
public:
  Instant() = default; // 0: a constant
  static Instant constant(double v) { return Instant(v, kUntaped); }
  double value() const { return v_; }

  friend Instant operator+(Instant a, Instant b);
  friend Instant operator+(Instant a, double constant) { return a + Instant::constant(constant); }
  friend Instant operator-(Instant a, Instant b);
  /// std::max's: `b` when a < b, else `a`.
  friend Instant max(Instant a, Instant b);
  friend bool operator<(Instant a, Instant b);
  friend bool operator==(Instant a, Instant b);
  friend bool operator!=(Instant a, Instant b) { return !(a == b); }
  friend bool operator>(Instant a, Instant b) { return b < a; }
  friend bool operator>=(Instant a, Instant b) { return !(a < b); }
  friend bool operator<=(Instant a, Instant b) { return !(b < a); }

private:
  static constexpr std::int32_t kUntaped = -1; // a constant, or made while nothing recorded
  Instant(double v, std::int32_t slot) : v_(v), slot_(slot) {}
  double v_ = 0;
  std::int32_t slot_ = kUntaped;
  friend class SliceTape;
};

class SliceTape {
public:
  /// While one lives, every operation on instants and every comparison is taped on `tape` (which it clears).
  /// One at a time.
  class Recording {
  public:
    explicit Recording(SliceTape& tape);
    ~Recording();
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;
  };

  /// The next input of the slice being taped (in the order replay() is given them).
  Instant input(double v);
  /// The tape's own slots for instants made while it recorded: `i` with the value replay() computed for it.
  static Instant refill(Instant i, const std::vector<double>& values) { return Instant(values[slot(i)], i.slot_); }
  static std::size_t slot(Instant i) { return std::size_t(i.slot_); }
  /// Whether `i` was made from the tape's inputs or constants while it recorded (refill() applies).
  static bool taped(Instant i) { return i.slot_ >= 0; }

  /// Evaluates the taped operations on `inputs` into `values` (by slot); false if some taped comparison comes out
  /// otherwise on them (then `values` means nothing).
  bool replay(const std::vector<double>& inputs, std::vector<double>& values) const;

  bool empty() const { return slots_.empty(); }
  std::size_t operations() const { return slots_.size(); }
  std::size_t comparisons() const { return guards_.size(); }

private:
  friend class Instant;
  friend Instant operator+(Instant a, Instant b);
  friend Instant operator-(Instant a, Instant b);
  friend Instant max(Instant a, Instant b);
  friend bool operator<(Instant a, Instant b);
  friend bool operator==(Instant a, Instant b);

  enum class Kind : std::uint8_t { input, constant, add, sub };
  struct Slot {
    Kind kind;
    std::int32_t a; // input: its index; add, sub: the operands' slots
    std::int32_t b;
    double constant;
  };
  struct Guard {
    std::int32_t a;
    std::int32_t b;
    signed char order; // -1: a < b, 0: a == b, 1: a > b
  };
  std::int32_t slot_of(Instant i); // i's slot, a constant's made on first use
  Instant make(Kind kind, Instant a, Instant b, double value);
  void compared(Instant a, Instant b);
  void compile() const; // the program replay() runs, made from slots_ and guards_ at its first call

  std::vector<Slot> slots_;
  std::vector<Guard> guards_;
  std::int32_t inputs_ = 0;
  // What replay() runs: the constants' values (copied once), the inputs' slots, then each sum (a - b is taped as
  // a + (-1 * b): the same double) and each comparison as "less" or "equal" (a > b: b < a).
  struct Sum {
    std::int32_t a, b, out;
    double sign;
  };
  struct Pair {
    std::int32_t a, b;
  };
  mutable bool compiled_ = false;
  mutable std::vector<double> constants_; // by slot (0 where not a constant)
  mutable std::vector<std::int32_t> input_slots_;
  mutable std::vector<Sum> sums_;
  mutable std::vector<Pair> less_, equal_;
};

} // namespace bcssim::bcs::runtime
