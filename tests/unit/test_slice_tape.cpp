// bcs/runtime/slice_tape.*: a computation on instants, taped once, replays on new inputs to exactly the doubles the
// computation itself gives there, and refuses inputs on which one of its comparisons comes out otherwise.
#include "bcs/runtime/slice_tape.hpp"

#include <doctest/doctest.h>

#include <vector>

using bcssim::bcs::runtime::Instant;
using bcssim::bcs::runtime::SliceTape;

namespace {
// A slice in miniature: a core free at `free`, an operation at the strobe (max(free, strobe) + 0.3e-6), then a
// check at the end that takes one of two paths. `taken` says which.
Instant slice(Instant strobe, Instant free, bool& taken)
{
  const Instant end = max(free, strobe) + 0.3e-6;
  const Instant deadline = strobe + 1e-6;
  taken = end < deadline;
  return taken ? end + 0.1e-6 : (end - strobe) + deadline;
}
} // namespace

TEST_CASE("slice tape: a replay gives the doubles the computation gives, to the bit")
{
  SliceTape tape;
  bool taken = false;
  Instant out;
  {
    const SliceTape::Recording recording(tape);
    const Instant strobe = tape.input(0.0005);
    const Instant free = tape.input(0.0001);
    out = slice(strobe, free, taken);
  }
  REQUIRE(taken);
  REQUIRE(SliceTape::taped(out));
  CHECK(tape.comparisons() == 2); // max and the check
  std::vector<double> values;
  for (int k = 2; k < 2000; ++k) {
    const double strobe = k * 0.0005; // sums that round differently from slice to slice
    const double free = strobe - 0.0004;
    REQUIRE(tape.replay(std::vector<double>{strobe, free}, values));
    bool again = false;
    const Instant direct = slice(Instant::constant(strobe), Instant::constant(free), again);
    CHECK(again == taken);
    CHECK(SliceTape::refill(out, values).value() == direct.value());
  }
}

TEST_CASE("slice tape: inputs that change a comparison's outcome are refused")
{
  SliceTape tape;
  bool taken = false;
  {
    const SliceTape::Recording recording(tape);
    const Instant strobe = tape.input(0.0005); // inputs in the order replay() gets them
    const Instant free = tape.input(0.0001);
    slice(strobe, free, taken);
  }
  std::vector<double> values;
  CHECK(tape.replay(std::vector<double>{0.001, 0.0009}, values));       // the core free before the strobe, as taped
  CHECK_FALSE(tape.replay(std::vector<double>{0.001, 0.0011}, values)); // free after it: max takes the other side
  CHECK_FALSE(tape.replay(std::vector<double>{0.001, 0.001}, values));  // free at it: the comparison ties
  CHECK_FALSE(tape.replay(std::vector<double>{0.001}, values));         // not the taped inputs
}

TEST_CASE("slice tape: instants of constants alone are constants, and nothing is taped outside a recording")
{
  SliceTape tape;
  const Instant c = Instant::constant(1.0) + 2.0;
  CHECK_FALSE(SliceTape::taped(c));
  CHECK(c.value() == 3.0);
  {
    const SliceTape::Recording recording(tape);
    const Instant x = tape.input(5.0);
    CHECK_FALSE(SliceTape::taped(Instant::constant(1.0) + Instant::constant(1.0)));
    CHECK(SliceTape::taped(x + c));
    CHECK(x > c);
  }
  CHECK(tape.comparisons() == 1);
  CHECK(tape.operations() == 4); // the input, the constant 3 (once per use: twice) and the sum
}
