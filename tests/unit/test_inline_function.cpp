// base/inline_function.hpp: a continuation stored as plain bytes keeps its captures through copies and calls
// with its arguments; an empty one says so.
#include "base/inline_function.hpp"

#include <doctest/doctest.h>

#include <type_traits>
#include <vector>

using bcssim::base::InlineFunction;

TEST_CASE("inline function: copies keep their captures, and each calls with its arguments")
{
  std::vector<double> seen;
  const double offset = 0.25;
  int tag = 7; // not const: a const int needs no capture, and clang says so
  InlineFunction<void(double, int)> f = [&seen, offset, tag](double at, int cause) {
    seen.push_back(at + offset + tag * 10 + cause * 100);
  };
  static_assert(std::is_trivially_copyable_v<InlineFunction<void(double, int)>>);
  const InlineFunction<void(double, int)> copy = f;
  f = [&seen](double at, int) { seen.push_back(-at); }; // the copy keeps the first callable
  copy(1.0, 2);
  f(3.0, 0);
  CHECK(seen == std::vector<double>{1.0 + 0.25 + 70 + 200, -3.0});
}

TEST_CASE("inline function: a default one is empty, a filled one is not, and results come back")
{
  const InlineFunction<int(int)> none{};
  CHECK_FALSE(bool(none));
  const InlineFunction<int(int)> twice = [](int x) { return 2 * x; };
  REQUIRE(bool(twice));
  CHECK(twice(21) == 42);
}
