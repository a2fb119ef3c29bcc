#pragma once
// RFC 4180 CSV, as every table of a results folder is written and read back (merge, generated documents). Issue
// 67: cells were joined with bare commas, so a trace named "a,b.txt" gave a runs.csv row of 7 cells under a
// header of 6, and merge then refused bcssim's own output. A cell is quoted only when it must be (a comma, a
// double quote, CR or LF in it; a quote inside is doubled): tables of plain cells stay byte for byte what they
// were, and so do the committed results and their digests.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::sim {

/// `text` as one CSV cell: as is when plain, else in double quotes with its quotes doubled.
std::string csv_cell(std::string_view text);

/// The cells joined by commas, each through csv_cell (no line end).
std::string csv_row(const std::vector<std::string>& cells);

/// One record of a CSV text: the line it starts on (1 for the first) and its cells, quotes removed.
struct CsvRecord {
  std::size_t line = 0;
  std::vector<std::string> cells;
};

/// The records of `text` (a quoted cell may hold commas, doubled quotes and line ends; a line end is LF or CRLF;
/// an empty line is no record). Throws ScenarioError naming `file`:LINE for what RFC 4180 does not allow: a quote
/// inside an unquoted cell, text after a closing quote, a quoted cell still open at the end.
std::vector<CsvRecord> csv_records(std::string_view text, const std::string& file);

} // namespace bcssim::sim
