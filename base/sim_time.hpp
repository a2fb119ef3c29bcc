#pragma once
// The limit of simulated time. Results count time in integer nanoseconds (the digest's event stream,
// summary.json's simulated_time_ns, events.csv, trace.json): a signed 64-bit count holds 2^63 ns, 292 years.
// bcssim allows less than half of that, 4e9 s (about 127 years), so that the sum or difference of two times in ns
// still fits. Every conversion to ns checks the limit (to_ns), each application refuses at validation the
// parameters whose computation alone would pass it (exit 2 naming them), and the simulation stops at the limit
// (World's guard) so that no later event is ever converted: a time never wraps around into a wrong result.
#include "base/clock_watcher.hpp"
#include "base/params.hpp"

#include <cstdint>
#include <string>

namespace bcssim::base {

/// The limit of simulated time, in seconds (docs/model.md, "Event stream and digest").
inline constexpr double kMaxSimulatedSeconds = 4e9;

/// A number as messages show it: the shortest of %g without "+" or leading exponent zeros ("4e9", "1e-05" -> "1e-5").
std::string short_number(double v);
/// `v` rounded to `digits` significant digits (for a message: 3.63636e11 -> 3.6e11 with 2).
double significant(double v, int digits);

/// "4e9 s (about 127 years), the limit of simulated time: results count integer nanoseconds (docs/model.md)".
std::string sim_time_limit_text();

/// True when `seconds` is a time bcssim can represent: finite, and at most kMaxSimulatedSeconds from 0.
inline bool within_sim_time_limit(double seconds)
{
  return seconds <= kMaxSimulatedSeconds && seconds >= -kMaxSimulatedSeconds; // false for NaN
}

/// Thrown when a time past the limit is converted (path "simulated time"): bcssim turns it into exit 2.
class SimTimeLimitError : public ParamRuleError {
public:
  explicit SimTimeLimitError(double seconds);
};

/// Stops the simulation at the limit: once the engine's clock passes it, every actor is killed, so that the
/// engine's run() returns before any of them sees that time, and passed() is true (the run is then refused with a
/// SimTimeLimitError). Events and trace records are dropped past the limit. One per engine, made before run().
class SimTimeGuard : public ClockWatcher {
public:
  bool passed() const { return passed_at_ >= 0; }
  /// The clock when the guard stopped the run (-1: it did not).
  double passed_at() const { return passed_at_; }
  void on_clock(double now) override;

private:
  double passed_at_ = -1;
};

[[noreturn]] void throw_past_sim_time_limit(double seconds);

/// Simulated seconds to integer nanoseconds, rounded to nearest (half away from zero, as std::llround): the time
/// unit of the stream and of results. Throws SimTimeLimitError past the limit (or for a NaN), never a wrapped value.
inline std::int64_t to_ns(double seconds)
{
  if (!within_sim_time_limit(seconds))
    throw_past_sim_time_limit(seconds);
  // std::llround without its call (every event's instant is converted): the truncation is exact within the limit
  // (|ns| <= 4e18 < 2^63), and so is the fraction (below 2^53 a double and its integer part share their bits; above,
  // a double is an integer). tests/unit/test_sim_time.cpp compares it with std::llround.
  const double ns = seconds * 1e9;
  const auto whole = static_cast<std::int64_t>(ns);
  const double fraction = ns - static_cast<double>(whole);
  return whole + (fraction >= 0.5 ? 1 : 0) - (fraction <= -0.5 ? 1 : 0);
}

} // namespace bcssim::base
