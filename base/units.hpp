#pragma once
// Physical quantities written as strings with units, as in scenario JSON: "500us", "400MB/s", "1GHz", "12MB",
// "10m", "3.94ns/m". Decimal prefixes are powers of ten (MB = 10^6 B), binary ones powers of two
// (MiB = 2^20 B). Values are returned in SI base units: s, B, B/s, Hz, m, s/m.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::base {

enum class Quantity { time, size, bandwidth, frequency, length, time_per_length };

/// Parses `text`; std::nullopt when it is not a non-negative finite number followed by a unit of `q`.
std::optional<double> parse_quantity(Quantity q, std::string_view text);

/// What a value of `q` looks like, for error messages: e.g. `a time such as "500us" (units: s, ms, us, ns, ps)`.
std::string quantity_help(Quantity q);

/// The units a value of `q` may be written in ("s", "ms", ...).
std::vector<std::string> unit_names(Quantity q);

/// Name of the SI unit the parsed value is in ("s", "B", ...).
std::string_view si_unit(Quantity q);

/// A value in SI units written as a scenario would write it, in the unit that shows it best: a whole number of the
/// largest unit if there is one (16777216 B -> "16MiB", 1e9 B -> "1GB", 5e-4 s -> "500us"), else the largest unit
/// with a value of at least 1 ("2.5ms"). parse_quantity reads it back.
std::string format_quantity(Quantity q, double si_value);

/// A number for people (headlines, messages): an integer whole (16777216), else 4 significant digits without an
/// "1 node", "2 nodes": a count and its noun, plural unless the count is 1 (`plural` for irregular ones).
std::string counted(long long n, const std::string& noun, const std::string& plural = "");
/// exponent for ordinary magnitudes and no trailing zeros (2.2, 338.4, 0.02019), else with one (1.5e-07).
std::string readable(double value);

} // namespace bcssim::base
