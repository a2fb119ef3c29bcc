#pragma once
// An application's computation held to the limit of simulated time (base/sim_time.hpp) where its parameters are
// multiplied together, at validation: a product past the limit is an error naming the parameter pushed furthest
// above its default, the whole product and the largest value that fits, instead of a time that wraps at run time.
#include "base/params.hpp"
#include "base/sim_time.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::apps {

/// One factor of a rank's computation time.
struct TimeFactor {
  std::string label; // as the message shows it: "sage.cycles", "(1 + sage.imbalance)"
  double value = 1;
  std::string path;     // the parameter it is (empty: never the one named)
  double typical = 1;   // its default: the error names the path furthest above it
  bool divides = false; // "/ label" instead of "x label"
  bool integer = false; // the largest value that fits is rounded down
  double scale = 1;     // the parameter's value per unit of the factor (label "ceil(sweep3d.it / npe_i)": npe_i)
  std::string unit;     // of the largest value that fits, as a scenario writes it ("s")

  /// The parameter `path`, of default `typical` (`label`: how the product shows it, if not its path, and `scale`
  /// the parameter's value per unit of the factor then).
  static TimeFactor param(const std::string& path, double value, double typical, bool integer,
                          const std::string& label = "", double scale = 1)
  {
    return {label.empty() ? path : label, value, path, typical, false, integer, scale, ""};
  }
  /// The same factor, whose parameter is written with `u` ("s" for a time in seconds).
  TimeFactor with_unit(const std::string& u) const
  {
    TimeFactor f = *this;
    f.unit = u;
    return f;
  }
  /// A factor that is not itself the parameter to change, e.g. "(1 + sage.imbalance)".
  static TimeFactor times(const std::string& label, double value) { return {label, value, "", 1, false, false, 1, ""}; }
  /// A divisor, e.g. platform.pe_speed.
  static TimeFactor per(const std::string& label, double value) { return {label, value, "", 1, true, false, 1, ""}; }
};

/// nullopt when `what` (the product of `factors`, in seconds) is within the limit of simulated time.
inline std::optional<base::ParamError> time_past_limit(const base::ParamSource& source, const std::string& what,
                                                       const std::vector<TimeFactor>& factors)
{
  double seconds = 1;
  std::string formula, values;
  for (const TimeFactor& f : factors) {
    seconds = f.divides ? seconds / f.value : seconds * f.value;
    const char* op = f.divides ? " / " : " x ";
    formula += (formula.empty() ? (f.divides ? "1 / " : "") : op) + f.label;
    values += (values.empty() ? (f.divides ? "1 / " : "") : op) + base::short_number(f.value);
  }
  if (base::within_sim_time_limit(seconds))
    return std::nullopt;
  const TimeFactor* named = nullptr;
  for (const TimeFactor& f : factors)
    if (!f.path.empty() && !f.divides &&
        (named == nullptr || f.value * f.scale / f.typical > named->value * named->scale / named->typical))
      named = &f;
  if (named == nullptr) // cannot happen for the applications' factor lists; a guard all the same
    return base::ParamError{factors.front().path, "", what + " within " + base::sim_time_limit_text()};
  double fits = named->value * base::kMaxSimulatedSeconds / seconds * named->scale;
  if (named->integer)
    fits = std::floor(fits);
  return base::ParamError{named->path, source.shown(named->path),
                          fmt::format("at most {} with the other values as they are: {}, {} = {} = {} s, is past {}",
                                      base::short_number(fits) + named->unit, what, formula, values,
                                      base::short_number(seconds), base::sim_time_limit_text())};
}

} // namespace bcssim::apps
