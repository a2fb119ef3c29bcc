#pragma once
// The last idle slice the event loop computed (idle_slices.hpp), taped (slice_tape.hpp), and the slices replayed
// from it: the same slice on another strobe and other core instants, exact while the tape's comparisons hold. Its
// events are given to the event stream as blocks of one pattern (base::EventPattern): the same events at the same
// instants of each slice, so that the sink sorts them once per tape instead of once per slice.
#include "base/event_stream.hpp"
#include "bcs/runtime/idle_slices.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bcssim::bcs::runtime {

class TapedSlices {
public:
  /// Slice `k` replayed from the tape on `inputs` (its strobe, then its quiet nodes' core instants) into `out`;
  /// false: no tape for these quiet nodes, or one of its comparisons comes out otherwise on them.
  bool replay(std::int64_t k, const QuietNodes& quiet, const std::vector<double>& inputs, IdleSlice& out);
  /// The tape to record the next slice the event loop computes on (the one before is dropped).
  SliceTape& record();
  /// `s`, computed while record()'s tape recorded, is the slice replays copy from now on.
  /// Returns the new tape's number (IdleSlice::tape).
  std::uint64_t adopt(const IdleSlice& s, const QuietNodes& quiet);
  /// `s`'s events as a block of its tape's pattern, or nullopt when they do not fall into the pattern's instants
  /// (two instants that rounded to one ns on the taped slice and not on this one, or the other way round).
  std::optional<base::EventBlock> block(const IdleSlice& s) const;

  std::uint64_t taped() const { return generation_; } // each tape is a new generation
  std::uint64_t replayed() const { return replayed_; }

private:
  SliceTape tape_;
  bool valid_ = false;
  std::uint64_t generation_ = 0; // the tape's: IdleSlice::tape of the slices made from it
  IdleSlice slice_;
  QuietNodes quiet_;
  std::shared_ptr<const base::EventPattern> pattern_; // null: the taped slice's events are past the time limit
  // The events whose instant may differ from the event's before (made by another operation), and whether each is
  // the first of a new instant in the pattern: what block() checks, one ns conversion each.
  struct Distinct {
    std::uint32_t event;
    bool starts;
  };
  std::vector<Distinct> distinct_;
  std::vector<double> values_; // kept: replay() reuses its memory
  std::uint64_t replayed_ = 0;
};

} // namespace bcssim::bcs::runtime
