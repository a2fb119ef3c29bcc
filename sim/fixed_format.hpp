#pragma once
// Results print numbers with a fixed 4 decimals, so every output byte depends only on the simulated history.
#include <fmt/format.h>

#include <string>

namespace bcssim::sim {

inline std::string fixed4_text(double v) { return fmt::format("{:.4f}", v); }
/// The value as printed with 4 decimals, for JSON figures.
inline double fixed4(double v) { return std::stod(fixed4_text(v)); }

} // namespace bcssim::sim
