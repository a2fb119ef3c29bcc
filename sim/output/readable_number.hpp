#pragma once
// Numbers for people (headlines, messages): 4 significant digits, no exponent for ordinary magnitudes, no
// trailing zeros: 2.2, 338.4, 0.02019, 12340, 16777216 (an integer prints whole), 1.5e-07.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace bcssim::sim {

inline std::string readable(double value)
{
  if (value == 0 || !std::isfinite(value))
    return fmt::format("{}", value);
  const double magnitude = std::abs(value);
  if (magnitude < 1e15 && value == std::floor(value))
    return fmt::format("{:.0f}", value);
  if (magnitude >= 1e15 || magnitude < 1e-4)
    return fmt::format("{:.4g}", value);
  const int decimals = std::max(0, 3 - int(std::floor(std::log10(magnitude))));
  std::string s = fmt::format("{:.{}f}", value, decimals);
  if (s.find('.') != std::string::npos) { // 2.200 -> 2.2
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.')
      s.pop_back();
  }
  return s;
}

} // namespace bcssim::sim
