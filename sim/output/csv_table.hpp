#pragma once
// Tables of a committed CSV file for generated documents (render.hpp):
//   {{rows FILE [where COL=VALUE ...] | HEADER=COLUMN[:FORMAT] | ...}}
//       one Markdown row per CSV row (in file order, those matching every `where`), one column per HEADER
//   {{pivot FILE [where COL=VALUE ...] | row=COLUMN | column=COLUMN | value=COLUMN[:FORMAT][/COLUMN[:FORMAT]]}}
//       one row per distinct value of `row`, one column per distinct value of `column` (first-seen order), each
//       cell the `value` (two columns joined by " / ")
// FORMAT: a number of decimals ("3"), or "%" and decimals ("%1": x 100, signed, " %"); none: the cell as written.
#include <filesystem>
#include <string>
#include <vector>

namespace bcssim::sim::report {

/// `s` without its leading and trailing spaces.
std::string trim(const std::string& s);

/// The parts of `s` between the separators `by`, each without its surrounding spaces (empty parts kept).
std::vector<std::string> split(const std::string& s, char by);

/// One CSV line's cells, quotes removed (RFC 4180 quoting; a doubled quote is one), read leniently for a caller
/// that checks the cells itself. A whole file: read_csv.
std::vector<std::string> split_csv_line(const std::string& line);

/// A CSV file of the results: a header and rows of cells (RFC 4180 records, quotes removed).
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> row_lines; // the line each row starts on (a quoted cell may span lines)
  /// Index of `column`; throws ScenarioError naming `where` and the file.
  std::size_t index(const std::string& column, const std::string& where) const;
  std::string file;
};
/// Throws ScenarioError naming `where` if the file cannot be read.
Csv read_csv(const std::filesystem::path& file, const std::string& where);

/// The rows of `csv` matching every filter "COLUMN=VALUE" (a directive's `where` clause); throws ScenarioError
/// naming `where` for a bad filter or when no row matches.
std::vector<const std::vector<std::string>*> select_rows(const Csv& csv, const std::vector<std::string>& filters,
                                                         const std::string& where);

/// The Markdown table of a {{rows ...}} or {{pivot ...}} directive (`text` without the braces) under `root`.
/// Throws ScenarioError naming `where` (the template's file:line) for a bad directive, file or column.
std::string csv_table(const std::string& text, const std::filesystem::path& root, const std::string& where);

} // namespace bcssim::sim::report
