#include "base/units.hpp"

#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

namespace bcssim::base {
namespace {

using UnitTable = std::vector<std::pair<std::string_view, double>>;

const UnitTable& units_of(Quantity q)
{
  static const UnitTable time = {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"µs", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12}};
  static const UnitTable size = {{"B", 1},         {"kB", 1e3},       {"MB", 1e6},          {"GB", 1e9},
                                 {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}};
  static const UnitTable bandwidth = {{"B/s", 1},          {"kB/s", 1e3},          {"MB/s", 1e6},
                                      {"GB/s", 1e9},       {"KiB/s", 1024.0},      {"MiB/s", 1048576.0},
                                      {"GiB/s", 1073741824.0}};
  static const UnitTable frequency = {{"Hz", 1}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}};
  static const UnitTable length = {{"m", 1}, {"cm", 1e-2}, {"mm", 1e-3}, {"km", 1e3}};
  static const UnitTable per_length = {{"s/m", 1}, {"ms/m", 1e-3}, {"us/m", 1e-6}, {"ns/m", 1e-9}, {"ps/m", 1e-12}};
  switch (q) {
    case Quantity::time: return time;
    case Quantity::size: return size;
    case Quantity::bandwidth: return bandwidth;
    case Quantity::frequency: return frequency;
    case Quantity::length: return length;
    case Quantity::time_per_length: return per_length;
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
    case Quantity::time: what = "a time"; example = "500us"; break;
    case Quantity::size: what = "a size"; example = "12MB"; break;
    case Quantity::bandwidth: what = "a bandwidth"; example = "400MB/s"; break;
    case Quantity::frequency: what = "a frequency"; example = "1GHz"; break;
    case Quantity::length: what = "a length"; example = "10m"; break;
    case Quantity::time_per_length: what = "a time per metre"; example = "3.94ns/m"; break;
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

std::string_view si_unit(Quantity q)
{
  switch (q) {
    case Quantity::time: return "s";
    case Quantity::size: return "B";
    case Quantity::bandwidth: return "B/s";
    case Quantity::frequency: return "Hz";
    case Quantity::length: return "m";
    case Quantity::time_per_length: return "s/m";
  }
  return "";
}

} // namespace bcssim::base
