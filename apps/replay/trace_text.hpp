// Text helpers shared by the trace's line parser (trace_line.cpp) and its file layout and reader (trace.cpp):
// SMPI 3.32's replay reads a line as blank-separated fields after trimming, and so do these.
#pragma once

#include "apps/replay/trace.hpp"
#include "base/params.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::apps::replay::text {

// Text of the trace as a message shows it: each control byte as \xNN. Kept raw, a NUL ended the message where C
// strings end, and an escape sequence recoloured the user's terminal (hostile pass of 2026-12-06).
inline std::string visible(std::string_view text)
{
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7f)
      out += fmt::format("\\x{:02x}", b);
    else
      out += c;
  }
  return out;
}

// One field of a line (an action's name, an argument) in a message: visible, and its first 40 bytes when longer
// (a 10 MB number was quoted whole).
inline std::string shown_field(std::string_view field)
{
  constexpr std::size_t kShown = 40;
  if (field.size() <= kShown)
    return visible(field);
  return fmt::format("{}... ({} bytes)", visible(field.substr(0, kShown)), field.size());
}

// A whole line in a message: visible, and its first 160 bytes when longer.
inline std::string shown_line(std::string_view line)
{
  constexpr std::size_t kShown = 160;
  if (line.size() <= kShown)
    return visible(line);
  return fmt::format("{}... ({} bytes)", visible(line.substr(0, kShown)), line.size());
}

[[noreturn]] inline void fail_at(const std::string& file, std::uint64_t line, std::string_view text, const std::string& allowed)
{
  throw base::ParamRuleError(
      base::ParamError{kTracePath, fmt::format("{}:{}: \"{}\"", visible(file), line, shown_line(text)), visible(allowed)});
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
