#include "sim/output/csv_table.hpp"
#include "base/input_file.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace bcssim::sim::report {
namespace fs = std::filesystem;

namespace {

// One column of a cell: its CSV column and how to print it.
struct Field {
  std::size_t column = 0;
  std::string format; // "", "3", "%1"
};

Field field(const Csv& csv, const std::string& spec, const std::string& where)
{
  const auto colon = spec.rfind(':');
  Field f;
  f.column = csv.index(colon == std::string::npos ? spec : spec.substr(0, colon), where);
  if (colon != std::string::npos) {
    f.format = spec.substr(colon + 1);
    const std::string digits = f.format[0] == '%' ? f.format.substr(1) : f.format;
    if (digits.size() != 1 || digits[0] < '0' || digits[0] > '9')
      throw ScenarioError(where, spec, "COLUMN:DIGITS or COLUMN:%DIGITS (0-9 decimals)");
  }
  return f;
}

std::string print(const std::string& cell, const Field& f, const std::string& where)
{
  if (f.format.empty())
    return cell;
  double value = 0;
  try {
    value = std::stod(cell);
  } catch (const std::exception&) {
    if (cell.empty())
      return "";
    throw ScenarioError(where, cell, "a number in a column printed with a format");
  }
  if (f.format[0] != '%')
    return fmt::format("{:.{}f}", value, f.format[0] - '0');
  return fmt::format("{:+.{}f} %", value * 100, f.format[1] - '0');
}

std::string markdown_header(const std::vector<std::string>& headers)
{
  std::string out = "|", rule = "|";
  for (const std::string& h : headers) {
    out += " " + h + " |";
    rule += "---|";
  }
  return out + "\n" + rule + "\n";
}

} // namespace

std::string trim(const std::string& s)
{
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos)
    return "";
  return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

std::vector<std::string> split(const std::string& s, char by)
{
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, by))
    parts.push_back(trim(part));
  return parts;
}

std::vector<const std::vector<std::string>*> select_rows(const Csv& csv, const std::vector<std::string>& filters,
                                                         const std::string& where)
{
  std::vector<std::pair<std::size_t, std::string>> match;
  for (const std::string& filter : filters) {
    const auto eq = filter.find('=');
    if (eq == std::string::npos)
      throw ScenarioError(where, filter, "where COLUMN=VALUE");
    match.emplace_back(csv.index(filter.substr(0, eq), where), filter.substr(eq + 1));
  }
  std::vector<const std::vector<std::string>*> rows;
  for (const auto& row : csv.rows)
    if (std::all_of(match.begin(), match.end(), [&](const auto& m) { return row[m.first] == m.second; }))
      rows.push_back(&row);
  if (rows.empty())
    throw ScenarioError(where, csv.file, "rows matching the where clause");
  return rows;
}

std::vector<std::string> split_csv_line(const std::string& line)
{
  // Lenient, for one line a caller checks itself (a header, a row of digests.csv): RFC 4180's quotes removed, a
  // doubled quote inside quotes kept as one.
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') {
      cell += '"';
      ++i;
    } else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted) {
      cells.push_back(cell);
      cell.clear();
    } else
      cell += c;
  }
  cells.push_back(cell);
  return cells;
}

std::size_t Csv::index(const std::string& column, const std::string& where) const
{
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == column)
      return i;
  throw ScenarioError(where, column, "a column of " + file);
}

Csv read_csv(const fs::path& file, const std::string& where)
{
  std::ifstream in = base::input_file(file);
  if (!in)
    throw ScenarioError(where, file.string(), "a committed results file");
  std::stringstream text;
  text << in.rdbuf();
  Csv csv;
  csv.file = file.string();
  // Whole records, not lines: a quoted cell may hold a line end (RFC 4180, sim/output/csv.hpp).
  std::vector<CsvRecord> records = csv_records(text.str(), csv.file);
  if (records.empty())
    return csv;
  csv.header = std::move(records[0].cells);
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].cells.size() != csv.header.size())
      throw ScenarioError(
          fmt::format("{}:{}", csv.file, records[r].line), csv_row(records[r].cells),
          fmt::format("a row of {} cells like the header of {} ({})", csv.header.size(), csv.file, where));
    csv.rows.push_back(std::move(records[r].cells));
    csv.row_lines.push_back(records[r].line);
  }
  return csv;
}

std::string csv_table(const std::string& text, const fs::path& root, const std::string& where)
{
  const std::vector<std::string> parts = split(text, '|');
  std::vector<std::string> head = split(parts[0], ' ');
  head.erase(std::remove(head.begin(), head.end(), ""), head.end());
  if (head.size() < 2 || (head.size() > 2 && head[2] != "where"))
    throw ScenarioError(where, parts[0], "rows|pivot FILE [where COLUMN=VALUE ...]");
  const Csv csv = read_csv(root / head[1], where);
  const auto rows = select_rows(
      csv, std::vector<std::string>(head.begin() + std::min<std::size_t>(3, head.size()), head.end()), where);
  if (head[0] == "rows") {
    std::vector<std::string> headers;
    std::vector<Field> fields;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const auto eq = parts[i].find('=');
      if (eq == std::string::npos)
        throw ScenarioError(where, parts[i], "HEADER=COLUMN[:FORMAT]");
      headers.push_back(parts[i].substr(0, eq));
      fields.push_back(field(csv, parts[i].substr(eq + 1), where));
    }
    if (fields.empty())
      throw ScenarioError(where, text, "at least one | HEADER=COLUMN");
    std::string out = markdown_header(headers);
    for (const auto* row : rows) {
      out += "|";
      for (const Field& f : fields)
        out += " " + print((*row)[f.column], f, where) + " |";
      out += "\n";
    }
    return out;
  }
  if (head[0] != "pivot" || parts.size() != 4)
    throw ScenarioError(where, text,
                        "rows FILE | ... or pivot FILE | row=COLUMN | column=COLUMN | value=COLUMN[/COLUMN]");
  std::string spec[3];
  const char* names[3] = {"row=", "column=", "value="};
  for (int i = 0; i < 3; ++i) {
    if (parts[std::size_t(i) + 1].rfind(names[i], 0) != 0)
      throw ScenarioError(where, parts[std::size_t(i) + 1], std::string(names[i]) + "COLUMN");
    spec[i] = parts[std::size_t(i) + 1].substr(std::string(names[i]).size());
  }
  const std::size_t row_col = csv.index(spec[0], where), col_col = csv.index(spec[1], where);
  std::vector<Field> values;
  for (const std::string& v : split(spec[2], '/'))
    values.push_back(field(csv, v, where));
  std::vector<std::string> row_keys, col_keys;
  for (const auto* row : rows) {
    if (std::find(row_keys.begin(), row_keys.end(), (*row)[row_col]) == row_keys.end())
      row_keys.push_back((*row)[row_col]);
    if (std::find(col_keys.begin(), col_keys.end(), (*row)[col_col]) == col_keys.end())
      col_keys.push_back((*row)[col_col]);
  }
  std::vector<std::string> headers{spec[0]};
  headers.insert(headers.end(), col_keys.begin(), col_keys.end());
  std::string out = markdown_header(headers);
  for (const std::string& r : row_keys) {
    out += "| " + r + " |";
    for (const std::string& c : col_keys) {
      std::string cell;
      for (const auto* row : rows)
        if ((*row)[row_col] == r && (*row)[col_col] == c)
          for (std::size_t v = 0; v < values.size(); ++v)
            cell += (v > 0 ? " / " : "") + print((*row)[values[v].column], values[v], where);
      out += " " + cell + " |";
    }
    out += "\n";
  }
  return out;
}

} // namespace bcssim::sim::report
