#include "workloads/swf.hpp"

#include "base/line_reader.hpp"
#include "base/visible_text.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <ostream>

namespace bcssim::workloads {
namespace {

struct Field {
  const char* name;
  bool integer;
};
// The 18 fields of SWF 2.2, in order.
constexpr std::array<Field, 18> kFields{{{"job number", true},
                                         {"submit time", false},
                                         {"wait time", false},
                                         {"run time", false},
                                         {"allocated processors", true},
                                         {"average CPU time", false},
                                         {"used memory", false},
                                         {"requested processors", true},
                                         {"requested time", false},
                                         {"requested memory", false},
                                         {"status", true},
                                         {"user ID", true},
                                         {"group ID", true},
                                         {"executable number", true},
                                         {"queue number", true},
                                         {"partition number", true},
                                         {"preceding job number", true},
                                         {"think time", false}}};

std::string_view trim(std::string_view s)
{
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos)
    return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// A number of field `index`: -1 or more (SWF's unknown is -1), an integer where the field is one.
double number(std::string_view word, int index, const std::string& file, std::uint64_t line)
{
  const Field& f = kFields[std::size_t(index - 1)];
  double value = 0;
  const char* end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, value);
  const bool whole = value == std::floor(value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value) || (value < 0 && value != -1) || (f.integer && !whole) ||
      (f.integer && std::fabs(value) > 9.0e15))
    throw SwfError(file, line, swf_field(index), std::string(word),
                   f.integer ? "a whole number of at most 9e15, -1 if unknown"
                             : "a number of at least 0, -1 if unknown");
  return value;
}

void parse_line(std::string_view text, std::uint64_t line, const std::string& file, Swf& swf)
{
  text = trim(text);
  if (text.empty())
    return;
  if (text[0] == ';') {
    if (swf.header.size() + swf.comments.size() >= kMaxSwfCommentLines)
      throw SwfError(file, line, "the file", "(more comment lines)",
                     fmt::format("at most {} comment and header lines", kMaxSwfCommentLines));
    const std::string_view body = trim(text.substr(1));
    const auto colon = body.find(':');
    const std::string_view key = colon == std::string_view::npos ? std::string_view() : trim(body.substr(0, colon));
    if (!key.empty() && key.find_first_of(" \t") == std::string_view::npos)
      swf.header.emplace_back(std::string(key), std::string(trim(body.substr(colon + 1))));
    else
      swf.comments.emplace_back(body);
    return;
  }
  if (swf.jobs.size() >= kMaxSwfJobs)
    throw SwfError(file, line, "the file", "(more jobs)",
                   fmt::format("at most {} jobs per workload file (split it, or keep its first jobs)", kMaxSwfJobs));
  std::array<double, 18> v{};
  int count = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto start = text.find_first_not_of(" \t", at);
    if (start == std::string_view::npos)
      break;
    const auto stop = std::min(text.find_first_of(" \t", start), text.size());
    const std::string_view word = text.substr(start, stop - start);
    if (count == 18)
      throw SwfError(file, line, "field 19", std::string(word), "18 fields per job line (SWF 2.2)");
    v[std::size_t(count)] = number(word, count + 1, file, line);
    ++count;
    at = stop;
  }
  if (count < 18)
    throw SwfError(file, line, swf_field(count + 1), "(missing)", "18 fields per job line (SWF 2.2)");
  SwfJob j;
  j.number = std::int64_t(v[0]);
  j.submit = v[1];
  j.wait = v[2];
  j.run = v[3];
  j.procs = std::int64_t(v[4]);
  j.cpu = v[5];
  j.memory = v[6];
  j.requested_procs = std::int64_t(v[7]);
  j.requested_time = v[8];
  j.requested_memory = v[9];
  j.status = std::int64_t(v[10]);
  j.user = std::int64_t(v[11]);
  j.group = std::int64_t(v[12]);
  j.executable = std::int64_t(v[13]);
  j.queue = std::int64_t(v[14]);
  j.partition = std::int64_t(v[15]);
  j.preceding = std::int64_t(v[16]);
  j.think = v[17];
  j.line = line;
  swf.jobs.push_back(j);
}

// Whole numbers without a decimal point, others in their shortest round-trip form.
std::string text_of(double value)
{
  if (value == std::floor(value) && std::fabs(value) < 9.0e15)
    return fmt::format("{}", std::int64_t(value));
  return fmt::format("{}", value);
}

// A source of bytes over text in memory.
class TextSource : public base::ByteSource {
public:
  explicit TextSource(std::string_view text) : text_(text) {}
  std::size_t read(char* into, std::size_t capacity) override
  {
    const std::size_t n = std::min(capacity, text_.size() - at_);
    text_.copy(into, n, at_);
    at_ += n;
    return n;
  }

private:
  std::string_view text_;
  std::size_t at_ = 0;
};

Swf parse(base::LineReader& lines, const std::string& file, std::size_t max_jobs = 0)
{
  Swf swf;
  std::string_view line;
  while ((max_jobs == 0 || swf.jobs.size() < max_jobs) && lines.next(line))
    parse_line(line, lines.line_number(), file, swf);
  return swf;
}

using base::visible;

std::string shortened(const std::string& value) { return base::visible_excerpt(value, 40); }

} // namespace

SwfError::SwfError(const std::string& file, std::uint64_t line, const std::string& field, const std::string& value,
                   const std::string& allowed)
    : std::runtime_error(
          fmt::format("{}:{}: {} = {}: expected {}", visible(file), line, field, shortened(value), allowed)),
      file_(file), field_(field), value_(visible(value)), allowed_(allowed), line_(line)
{
}

std::string swf_field(int index)
{
  if (index < 1 || index > int(kFields.size()))
    return fmt::format("field {}", index);
  return fmt::format("field {} ({})", index, kFields[std::size_t(index - 1)].name);
}

std::string Swf::header_value(const std::string& key) const
{
  for (const auto& [k, v] : header)
    if (k == key)
      return v;
  return "";
}

Swf read_swf(const std::string& path, std::size_t max_jobs)
{
  try {
    base::LineReader lines(base::open_file(path));
    return parse(lines, path, max_jobs);
  } catch (const SwfError&) {
    throw;
  } catch (const std::exception& e) {
    throw SwfError(path, 0, "the file", path, std::string("a readable SWF file (") + e.what() + ")");
  }
}

Swf parse_swf(std::string_view text, const std::string& name)
{
  base::LineReader lines(std::make_unique<TextSource>(text));
  return parse(lines, name);
}

void write_swf(std::ostream& out, const Swf& swf)
{
  for (const auto& [key, value] : swf.header)
    out << "; " << key << ": " << value << "\n";
  for (const std::string& c : swf.comments)
    out << ";" << (c.empty() ? "" : " ") << c << "\n";
  for (const SwfJob& j : swf.jobs)
    out << fmt::format("{} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {}\n", j.number, text_of(j.submit),
                       text_of(j.wait), text_of(j.run), j.procs, text_of(j.cpu), text_of(j.memory), j.requested_procs,
                       text_of(j.requested_time), text_of(j.requested_memory), j.status, j.user, j.group, j.executable,
                       j.queue, j.partition, j.preceding, text_of(j.think));
}

} // namespace bcssim::workloads
