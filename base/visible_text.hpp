#pragma once
// A user's text as an error message shows it (a trace line, an SWF field): each control byte as \xNN, and a long
// text cut. Kept raw, a NUL ended the message where C strings end (what() and the CLI's printf), and an escape
// sequence recoloured the user's terminal (issue 67 item 7; hostile pass of 2026-12-06).
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace bcssim::base {

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

/// visible(text), only its first `shown` bytes when longer, then "... (N bytes)" (a 10 MB number was quoted whole).
inline std::string visible_excerpt(std::string_view text, std::size_t shown)
{
  if (text.size() <= shown)
    return visible(text);
  return fmt::format("{}... ({} bytes)", visible(text.substr(0, shown)), text.size());
}

} // namespace bcssim::base
