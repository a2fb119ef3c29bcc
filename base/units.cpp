#include "base/units.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::base {
namespace {

std::string fmt_whole(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

using UnitTable = std::vector<std::pair<std::string_view, double>>;

const UnitTable& units_of(Quantity q)
{
  static const UnitTable time = {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"µs", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12}};
  static const UnitTable size = {{"B", 1},        {"kB", 1e3},        {"MB", 1e6},          {"GB", 1e9},
                                 {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}};
  static const UnitTable bandwidth = {{"B/s", 1},        {"kB/s", 1e3},        {"MB/s", 1e6},          {"GB/s", 1e9},
                                      {"KiB/s", 1024.0}, {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0}};
  static const UnitTable frequency = {{"Hz", 1}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}};
  static const UnitTable length = {{"m", 1}, {"cm", 1e-2}, {"mm", 1e-3}, {"km", 1e3}};
  static const UnitTable per_length = {{"s/m", 1}, {"ms/m", 1e-3}, {"us/m", 1e-6}, {"ns/m", 1e-9}, {"ps/m", 1e-12}};
  switch (q) {
    case Quantity::time:
      return time;
    case Quantity::size:
      return size;
    case Quantity::bandwidth:
      return bandwidth;
    case Quantity::frequency:
      return frequency;
    case Quantity::length:
      return length;
    case Quantity::time_per_length:
      return per_length;
  }
  return time;
}

} // namespace

std::optional<double> parse_quantity(Quantity q, std::string_view text)
{
  // Number: digits with an optional fraction and exponent; no sign (quantities are non-negative).
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
      ++i;
    return i > start;
  };
  bool any = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    any = digits() || any;
  }
  if (!any)
    return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t save = i++;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
      ++i;
    if (!digits())
      i = save;
  }
  const std::string number(text.substr(0, i));
  std::string_view unit = text.substr(i);
  while (!unit.empty() && unit.front() == ' ')
    unit.remove_prefix(1);
  for (const auto& [name, scale] : units_of(q)) {
    if (unit == name) {
      const double value = std::strtod(number.c_str(), nullptr) * scale;
      if (!std::isfinite(value))
        return std::nullopt;
      return value;
    }
  }
  return std::nullopt;
}

std::string quantity_help(Quantity q)
{
  std::string example;
  std::string what;
  switch (q) {
    case Quantity::time:
      what = "a time";
      example = "500us";
      break;
    case Quantity::size:
      what = "a size";
      example = "12MB";
      break;
    case Quantity::bandwidth:
      what = "a bandwidth";
      example = "400MB/s";
      break;
    case Quantity::frequency:
      what = "a frequency";
      example = "1GHz";
      break;
    case Quantity::length:
      what = "a length";
      example = "10m";
      break;
    case Quantity::time_per_length:
      what = "a time per metre";
      example = "3.94ns/m";
      break;
  }
  std::string list;
  for (const auto& [name, scale] : units_of(q)) {
    if (name == "µs")
      continue;
    list += list.empty() ? "" : ", ";
    list += name;
  }
  return what + " as a string with a unit, such as \"" + example + "\" (units: " + list + ")";
}

std::vector<std::string> unit_names(Quantity q)
{
  std::vector<std::string> out;
  for (const auto& unit : units_of(q))
    out.emplace_back(unit.first);
  return out;
}

std::string_view si_unit(Quantity q)
{
  switch (q) {
    case Quantity::time:
      return "s";
    case Quantity::size:
      return "B";
    case Quantity::bandwidth:
      return "B/s";
    case Quantity::frequency:
      return "Hz";
    case Quantity::length:
      return "m";
    case Quantity::time_per_length:
      return "s/m";
  }
  return "";
}

std::string format_quantity(Quantity q, double si_value)
{
  if (!std::isfinite(si_value))
    return si_value > 0 ? "unbounded" : "-unbounded";
  if (si_value == 0)
    return "0" + std::string(si_unit(q));
  const UnitTable& units = units_of(q);
  const std::pair<std::string_view, double>* whole = nullptr; // the largest unit of which it is a whole number (< 10^6)
  const std::pair<std::string_view, double>* at_least1 = nullptr; // the largest unit in which it is at least 1
  for (const auto& unit : units) {
    if (unit.first == "µs")
      continue;
    const double v = si_value / unit.second;
    const double rounded = std::round(v);
    if (rounded >= 1 && rounded < 1e6 && std::abs(v - rounded) <= 1e-9 * rounded &&
        (!whole || unit.second > whole->second))
      whole = &unit;
    if (std::abs(v) >= 1 && (!at_least1 || unit.second > at_least1->second))
      at_least1 = &unit;
  }
  if (whole)
    return fmt_whole(std::round(si_value / whole->second)) + std::string(whole->first);
  const auto& unit =
      at_least1 ? *at_least1
                : *std::min_element(units.begin(), units.end(), [](auto& a, auto& b) { return a.second < b.second; });
  return readable(si_value / unit.second) + std::string(unit.first);
}

std::string readable(double value)
{
  if (value == 0 || !std::isfinite(value))
    return value == 0 ? "0" : (std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf"));
  const double magnitude = std::abs(value);
  if (magnitude < 1e15 && value == std::floor(value))
    return fmt_whole(value);
  char buf[64];
  if (magnitude >= 1e15 || magnitude < 1e-4) {
    std::snprintf(buf, sizeof buf, "%.4g", value);
    return buf;
  }
  const int decimals = std::max(0, 3 - int(std::floor(std::log10(magnitude))));
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  std::string s = buf;
  if (s.find('.') != std::string::npos) { // 2.200 -> 2.2
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.')
      s.pop_back();
  }
  return s;
}

std::string counted(long long n, const std::string& noun, const std::string& plural)
{
  return std::to_string(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

} // namespace bcssim::base
