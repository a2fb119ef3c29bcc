#include "sim/config/log_settings.hpp"

#include "sim/config/scenario.hpp"
#include "sim/config/suggest.hpp"

#include "base/log_tree.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <sys/xattr.h>
#include <unistd.h>
#include <vector>
#include <xbt/log.h>

namespace bcssim::sim {
namespace {

const char* const kSyntax = "CATEGORY.thres:LEVEL (levels: trace debug verbose info warning error critical), "
                            "CATEGORY.fmt:FORMAT, CATEGORY.additivity:on|off or CATEGORY.app:stderr|stdout|file:NAME, "
                            "several separated by spaces (SimGrid 3.32's log settings)";

// Splits like boost::escaped_list_separator<char>("\\", " ", "\"'") as SimGrid does; nullopt when that would throw
// or a quote is left open.
std::optional<std::vector<std::string>> split(const std::string& text)
{
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\') {
      if (i + 1 == text.size())
        return std::nullopt;
      const char next = text[++i];
      if (next == 'n')
        out.back() += '\n';
      else if (next == '\\' || next == '"' || next == '\'')
        out.back() += next;
      else
        return std::nullopt;
    } else if (c == '"' || c == '\'') {
      quoted = !quoted;
    } else if (c == ' ' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  if (quoted)
    return std::nullopt;
  out.erase(std::remove(out.begin(), out.end(), std::string()), out.end());
  return out;
}

bool prefix_of(std::string_view option, std::string_view word)
{
  return !option.empty() && option.size() <= word.size() && word.substr(0, option.size()) == option;
}

bool iequals(std::string_view a, std::string_view b)
{
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// What is wrong with a layout format (xbt_log_layout_format_doit aborts on it), or nullopt.
std::optional<std::string> format_error(const std::string& fmt)
{
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%')
      continue;
    ++i;
    while (i < fmt.size() && (std::isdigit(static_cast<unsigned char>(fmt[i])) || fmt[i] == '.'))
      ++i; // width and .precision
    if (i == fmt.size())
      return std::string("a format that does not end with %");
    if (std::strchr("%neclhtPaiFLMdrm", fmt[i]) == nullptr)
      return "a format whose conversions are %% %n %e %c %p %h %t %P %a %i %F %l %L %M %d %r %m (not %" +
             std::string(1, fmt[i]) + ")";
  }
  return std::nullopt;
}

// A file the appender can open ("w"): its folder exists and is writable.
bool writable_file(const std::string& name)
{
  if (name.empty())
    return false;
  const std::filesystem::path parent = std::filesystem::path(name).parent_path();
  return ::access(parent.empty() ? "." : parent.c_str(), W_OK) == 0 && !std::filesystem::is_directory(name);
}

std::optional<std::string> appender_error(const std::string& value)
{
  if (value == "stderr" || value == "stdout")
    return std::nullopt;
  if (value.rfind("file:", 0) == 0)
    return writable_file(value.substr(5)) ? std::nullopt
                                          : std::optional<std::string>("file:NAME naming a file in a writable folder");
  for (const char* kind : {"rollfile:", "splitfile:"}) {
    if (value.rfind(kind, 0) != 0)
      continue;
    const std::string rest = value.substr(std::strlen(kind));
    const auto colon = rest.find(':');
    if (colon == std::string::npos || colon == 0 ||
        rest.substr(0, colon).find_first_not_of("0123456789") != std::string::npos ||
        !writable_file(rest.substr(colon + 1)))
      return std::string(kind) + "SIZE:NAME (SIZE in bytes, NAME a file in a writable folder)";
    return std::nullopt;
  }
  return std::string("an appender stderr, stdout, file:NAME, rollfile:SIZE:NAME or splitfile:SIZE:NAME");
}

// What is wrong with one CATEGORY.OPTION:VALUE, or nullopt (mirrors _xbt_log_parse_setting).
// A setting's category as the user wrote it: what precedes the last dot before the ':' or '=' (a bcssim category
// may be written with dots: storm.policies.thres:verbose); "" when there is no such dot.
std::string category_of(const std::string& part)
{
  const std::size_t option_end = part.find_first_of(":=");
  const std::size_t dot = option_end == std::string::npos ? std::string::npos : part.rfind('.', option_end);
  return dot == std::string::npos ? std::string() : part.substr(0, dot);
}

std::optional<std::string> setting_error(const std::string& dotted)
{
  // Checked as SimGrid will see it: the category as its identifier (base/log_tree.hpp).
  const std::string category = category_of(dotted);
  const std::string s =
      category.empty() ? dotted : base::log_tree::identifier(category) + dotted.substr(category.size());
  const std::size_t name_end = s.find_first_of(".:= ");
  if (name_end == std::string::npos || s[name_end] != '.')
    return std::string(kSyntax);
  const std::size_t option_end = s.find_first_of(":= ", name_end + 1);
  if (option_end == std::string::npos || s[option_end] == ' ')
    return std::string(kSyntax);
  const std::string name = s.substr(0, name_end);
  const std::string option = s.substr(name_end + 1, option_end - name_end - 1);
  const std::string value = s.substr(option_end + 1);
  if (name.empty() ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != std::string::npos)
    return "a log category name (letters, digits and _) before the '.'; " + std::string(kSyntax);
  if (prefix_of(option, "threshold")) {
    for (const char* level : {"none", "trace", "debug", "verbose", "info", "warning", "error", "critical"})
      if (iequals(value, level))
        return std::nullopt;
    return std::string("a level trace, debug, verbose, info, warning, error or critical after thres:");
  }
  if (prefix_of(option, "additivity")) {
    for (const char* v : {"on", "off", "yes", "no", "1", "0"})
      if (iequals(value, v))
        return std::nullopt;
    return std::string("on, off, yes, no, 1 or 0 after additivity:");
  }
  if (prefix_of(option, "appender"))
    return appender_error(value);
  if (prefix_of(option, "fmt"))
    return format_error(value);
  return "an option thres, fmt, additivity or app after the category (not '" + option + "'); " + kSyntax;
}

// The files an appender setting's value names (checked first): file:NAME and rollfile:SIZE:NAME write NAME;
// splitfile:SIZE:NAME writes NAME with its first % (or its end) replaced by 0, 1, 2, ... (SimGrid 3.32's
// xbt_log_appender_file.cpp): every existing file of that form.
std::vector<std::string> appender_files(const std::string& value)
{
  if (value.rfind("file:", 0) == 0)
    return {value.substr(5)};
  const std::string name = value.substr(value.find(':', value.find(':') + 1) + 1);
  if (value.rfind("rollfile:", 0) == 0)
    return {name};
  if (value.rfind("splitfile:", 0) != 0)
    return {};
  const auto percent = name.find('%');
  const std::string pre = name.substr(0, percent), post = percent == std::string::npos ? "" : name.substr(percent + 1);
  const std::filesystem::path folder = std::filesystem::path(pre).parent_path();
  const std::string head = std::filesystem::path(pre).filename().string();
  std::vector<std::string> out{(folder / (head + "0" + post)).string()};
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(folder.empty() ? "." : folder, ec)) {
    const std::string n = e.path().filename().string();
    if (n.size() <= head.size() + post.size() || n.rfind(head, 0) != 0 ||
        n.compare(n.size() - post.size(), post.size(), post) != 0 || n == head + "0" + post)
      continue;
    const std::string number = n.substr(head.size(), n.size() - head.size() - post.size());
    if (number.find_first_not_of("0123456789") == std::string::npos) // (with no %, the number ends the name)
      out.push_back((folder / n).string());
  }
  return out;
}

constexpr const char* kLogAttribute = "user.bcssim";

// A file bcssim may overwrite: a log an earlier run wrote (marked by mark_log_files), or an empty file.
bool replaceable_log(const std::string& file)
{
  std::error_code ec;
  const auto st = std::filesystem::symlink_status(file, ec);
  if (!std::filesystem::exists(st))
    return true;
  if (!std::filesystem::is_regular_file(st))
    return false;
  if (std::filesystem::file_size(file, ec) == 0 && !ec)
    return true;
  char value[8] = {};
  return ::getxattr(file.c_str(), kLogAttribute, value, sizeof value - 1) == 3 && std::string(value) == "log";
}

} // namespace

std::string to_simgrid(const std::string& setting)
{
  // On the raw text, so that quotes and escapes in a format stay as they are: at each setting's start (the text's
  // start or an unquoted space), the dots of its category before the option's dot become underscores.
  std::string out = setting;
  bool quoted = false, at_start = true;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    if (c == '\\') {
      ++i;
      at_start = false;
      continue;
    }
    if (c == '"' || c == '\'') {
      quoted = !quoted;
      at_start = false;
      continue;
    }
    if (c == ' ' && !quoted) {
      at_start = true;
      continue;
    }
    if (at_start) {
      at_start = false;
      const std::size_t option_end = out.find_first_of(":= ", i);
      const std::size_t last = option_end == std::string::npos ? std::string::npos : out.rfind('.', option_end);
      if (last != std::string::npos && last > i)
        for (std::size_t k = i; k < last; ++k)
          if (out[k] == '.')
            out[k] = '_';
    }
  }
  return out;
}

std::vector<std::string> log_files(const std::string& setting)
{
  std::vector<std::string> files;
  const auto parts = split(setting);
  if (!parts || setting == "no_loc")
    return files;
  for (const std::string& part : *parts) {
    const std::size_t name_end = part.find_first_of(".:= ");
    const std::size_t option_end = part.find_first_of(":= ", name_end + 1);
    if (name_end == std::string::npos || option_end == std::string::npos ||
        !prefix_of(part.substr(name_end + 1, option_end - name_end - 1), "appender"))
      continue;
    for (const std::string& f : appender_files(part.substr(option_end + 1)))
      files.push_back(f);
  }
  return files;
}

void check_log_setting(const std::string& setting)
{
  if (setting == "no_loc")
    return;
  const auto parts = split(setting);
  if (!parts)
    throw ScenarioError("--log", setting, std::string("balanced quotes and \\-escapes of \\ \" ' or n; ") + kSyntax);
  for (const std::string& part : *parts)
    if (auto error = setting_error(part))
      throw ScenarioError("--log", parts->size() > 1 ? setting + " (at " + part + ")" : setting, *error);
  for (const std::string& part : *parts)
    if (const std::string category = category_of(part); !base::log_tree::exists(base::log_tree::identifier(category)))
      throw ScenarioError(
          "--log", setting,
          "a log category of bcssim (a folder or a file: storm, mpi.quadrics, bcs.runtime.strobe_sender; "
          "`bcssim logs` lists them) or of SimGrid (ker_lmm, s4u, ...), not '" +
              category + "'" + did_you_mean(category, base::log_tree::names()));
  for (const std::string& file : log_files(setting))
    if (!replaceable_log(file))
      throw ScenarioError("--log", setting,
                          "a log file that does not exist yet, or the log of an earlier bcssim run (bcssim "
                          "overwrites nothing else); " +
                              file +
                              " exists and bcssim did not write it: remove it or "
                              "name another file");
}

void mark_log_files(const std::vector<std::string>& settings)
{
  for (const std::string& setting : settings)
    for (const std::string& file : log_files(setting))
      if (std::filesystem::is_regular_file(file))
        ::setxattr(file.c_str(), kLogAttribute, "log", 3, 0); // no extended attributes there: refused next time
}

} // namespace bcssim::sim
