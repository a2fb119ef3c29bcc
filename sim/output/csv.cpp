#include "sim/output/csv.hpp"

#include "sim/config/scenario.hpp"

#include <fmt/format.h>

namespace bcssim::sim {

std::string csv_cell(std::string_view text)
{
  if (text.find_first_of(",\"\r\n") == std::string_view::npos)
    return std::string(text); // plain: unchanged, so every table of plain cells keeps its bytes
  std::string quoted = "\"";
  for (char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string csv_row(const std::vector<std::string>& cells)
{
  std::string row;
  for (std::size_t i = 0; i < cells.size(); ++i)
    row += (i == 0 ? "" : ",") + csv_cell(cells[i]);
  return row;
}

namespace {

// Line `n` (1 for the first) of `text`, without its line end: the excerpt of an error.
std::string line_of(std::string_view text, std::size_t n)
{
  std::size_t from = 0;
  for (std::size_t i = 1; i < n && from != std::string_view::npos; ++i)
    from = text.find('\n', from) == std::string_view::npos ? std::string_view::npos : text.find('\n', from) + 1;
  if (from == std::string_view::npos)
    return "";
  const std::size_t to = text.find('\n', from);
  return std::string(text.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
}

} // namespace

std::vector<CsvRecord> csv_records(std::string_view text, const std::string& file)
{
  std::vector<CsvRecord> records;
  std::size_t line = 1, at = 0;
  const auto fail = [&](std::size_t where, const std::string& what) {
    throw ScenarioError(fmt::format("{}:{}", file, where), line_of(text, where),
                        "RFC 4180 CSV, as bcssim writes it: " + what);
  };
  while (at < text.size()) {
    if (text[at] == '\n' || text.substr(at, 2) == "\r\n") { // an empty line: no record
      at += text[at] == '\n' ? 1 : 2;
      ++line;
      continue;
    }
    CsvRecord record;
    record.line = line;
    std::string cell;
    bool ended = false; // the record's line end was read
    while (!ended) {
      if (at < text.size() && text[at] == '"') { // a quoted cell, up to its closing quote
        const std::size_t opened = line;
        for (++at;; ++at) {
          if (at >= text.size())
            fail(opened, "a quoted cell closed by a double quote; this one runs to the end of the file");
          if (text[at] == '"') {
            if (at + 1 < text.size() && text[at + 1] == '"') {
              cell += '"';
              ++at;
              continue;
            }
            ++at;
            break;
          }
          if (text[at] == '\n')
            ++line;
          cell += text[at];
        }
        if (at < text.size() && text[at] != ',' && text[at] != '\n' &&
            !(text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n'))
          fail(line, "a comma or a line end after a quoted cell's closing quote");
      } else { // a plain cell: no quote in it
        while (at < text.size() && text[at] != ',' && text[at] != '\n') {
          if (text[at] == '"')
            fail(line, "a cell holding a double quote to be quoted, its quotes doubled");
          if (!(text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n'))
            cell += text[at];
          ++at;
        }
      }
      record.cells.push_back(std::move(cell));
      cell.clear();
      if (at < text.size() && text[at] == '\r')
        ++at; // CRLF
      if (at >= text.size() || text[at] == '\n') {
        ended = true;
        if (at < text.size()) {
          ++at;
          ++line;
        }
      } else {
        ++at; // the comma
      }
    }
    records.push_back(std::move(record));
  }
  return records;
}

} // namespace bcssim::sim
