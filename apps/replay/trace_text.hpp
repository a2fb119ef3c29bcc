// Text helpers shared by the trace's line parser (trace_line.cpp) and its file layout and reader (trace.cpp):
// SMPI 3.32's replay reads a line as blank-separated fields after trimming, and so do these.
#pragma once

#include "apps/replay/trace.hpp"
#include "base/params.hpp"
#include "base/visible_text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::apps::replay::text {

using base::visible;

// One field of a line (an action's name, an argument) in a message: its first 40 bytes; a whole line: 160.
inline std::string shown_field(std::string_view field) { return base::visible_excerpt(field, 40); }
inline std::string shown_line(std::string_view line) { return base::visible_excerpt(line, 160); }

[[noreturn]] inline void fail_at(const std::string& file, std::uint64_t line, std::string_view text,
                                 const std::string& allowed)
{
  throw base::ParamRuleError(base::ParamError{
      kTracePath, fmt::format("{}:{}: \"{}\"", visible(file), line, shown_line(text)), visible(allowed)});
}

[[noreturn]] inline void fail_file(const std::string& shown, const std::string& allowed)
{
  throw base::ParamRuleError(base::ParamError{kTracePath, shown, allowed});
}

inline std::string_view trim(std::string_view s)
{
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; };
  while (!s.empty() && blank(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && blank(s.back()))
    s.remove_suffix(1);
  return s;
}

// Splits on blanks (runs of them count as one), as boost::split with token_compress_on after trimming.
inline void split(std::string_view s, std::vector<std::string_view>& out)
{
  out.clear();
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
      ++i;
    const std::size_t b = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t')
      ++i;
    if (i > b)
      out.push_back(s.substr(b, i - b));
  }
}

inline bool skipped(std::string_view trimmed) { return trimmed.empty() || trimmed.front() == '#'; }

inline std::optional<long> to_long(std::string_view s)
{
  long v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    return std::nullopt;
  return v;
}

inline std::optional<double> to_double(std::string_view s)
{
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

} // namespace bcssim::apps::replay::text
