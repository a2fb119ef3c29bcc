#pragma once
// Physical quantities written as strings with units, as in scenario JSON: "500us", "400MB/s", "1GHz", "12MB",
// "10m", "3.94ns/m". Decimal prefixes are powers of ten (MB = 10^6 B), binary ones powers of two
// (MiB = 2^20 B). Values are returned in SI base units: s, B, B/s, Hz, m, s/m.
#include <optional>
#include <string>
#include <string_view>

namespace bcssim::base {

enum class Quantity { time, size, bandwidth, frequency, length, time_per_length };

/// Parses `text`; std::nullopt when it is not a non-negative finite number followed by a unit of `q`.
std::optional<double> parse_quantity(Quantity q, std::string_view text);

/// What a value of `q` looks like, for error messages: e.g. `a time such as "500us" (units: s, ms, us, ns, ps)`.
std::string quantity_help(Quantity q);

/// Name of the SI unit the parsed value is in ("s", "B", ...).
std::string_view si_unit(Quantity q);

} // namespace bcssim::base
