#include "sim/report/figures.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/csv_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <set>

namespace bcssim::sim::report {
namespace fs = std::filesystem;
using nlohmann::json;

json read_json(const fs::path& file, const std::string& what)
{
  std::ifstream in(file);
  if (!in)
    throw ScenarioError(what, file.string(), "a readable file");
  try {
    return json::parse(in);
  } catch (const json::parse_error& e) {
    throw ScenarioError(what, file.string(), "JSON (" + json_error_text(e) + ")");
  }
}

namespace {

// Reads the catalogue's fields with their JSON paths in every error.
class Fields {
public:
  Fields(const json& object, std::string path) : object_(object), path_(std::move(path))
  {
    if (!object_.is_object())
      throw ScenarioError(path_, object_.dump(), "an object");
  }
  std::string text(const char* key, bool required = true) const
  {
    if (!object_.contains(key)) {
      if (required)
        throw ScenarioError(path_ + "." + key, "(missing)", "a string");
      return "";
    }
    if (!object_[key].is_string())
      throw ScenarioError(path_ + "." + key, object_[key].dump(), "a string");
    return object_[key].get<std::string>();
  }
  std::optional<double> number(const char* key) const
  {
    if (!object_.contains(key))
      return std::nullopt;
    if (!object_[key].is_number())
      throw ScenarioError(path_ + "." + key, object_[key].dump(), "a number");
    return object_[key].get<double>();
  }
  const json& at(const char* key) const { return object_.at(key); }
  bool has(const char* key) const { return object_.contains(key); }
  void only(const std::set<std::string>& keys) const
  {
    for (const auto& [key, value] : object_.items())
      if (keys.count(key) == 0)
        throw ScenarioError(path_ + "." + key, value.dump(), "one of the catalogue's fields (docs/extending.md)");
  }
  const std::string& path() const { return path_; }

private:
  const json& object_;
  std::string path_;
};

Cell parse_cell(const Fields& f, const json& entry, const std::string& path, const std::string& default_file)
{
  Cell cell;
  cell.file = f.has("file") ? f.text("file") : default_file;
  if (cell.file.empty())
    throw ScenarioError(path + ".file", "(missing)", "a results file relative to the repository");
  cell.pointer = f.text("pointer", false);
  cell.column = f.text("column", false);
  if (cell.pointer.empty() && cell.column.empty())
    throw ScenarioError(path, entry.dump(),
                        "\"pointer\" (a JSON number), \"column\" and \"row\" (a CSV cell), or all three (the field "
                        "\"column\" of the record of the JSON list at \"pointer\" whose fields match \"row\")");
  if (!cell.pointer.empty() && !cell.column.empty() && !f.has("row"))
    throw ScenarioError(path + ".row", "(missing)", "the fields that pick a record of the list at \"pointer\"");
  if (f.has("row")) {
    const Fields row(f.at("row"), path + ".row");
    for (const auto& [key, value] : f.at("row").items()) {
      if (!value.is_string())
        throw ScenarioError(row.path() + "." + key, value.dump(), "a string (the CSV cell as written)");
      cell.row.emplace_back(key, value.get<std::string>());
    }
  }
  return cell;
}

Figure parse_figure(const json& entry, const std::string& path)
{
  const Fields f(entry, path);
  f.only({"id", "group", "what", "unit", "file", "pointer", "column", "row", "relative_to", "ci", "scale", "offset",
          "digits", "source", "calibrated_by", "tolerance", "tolerance_abs", "note"});
  Figure fig;
  fig.id = f.text("id");
  fig.group = f.text("group");
  fig.what = f.text("what");
  fig.unit = f.text("unit", false);
  fig.cell = parse_cell(f, entry, path, "");
  if (f.has("relative_to")) {
    const Fields rel(f.at("relative_to"), path + ".relative_to");
    rel.only({"file", "pointer", "column", "row"});
    fig.relative_to = parse_cell(rel, f.at("relative_to"), rel.path(), fig.cell.file);
  }
  if (f.has("ci")) {
    const Fields ci(f.at("ci"), path + ".ci");
    ci.only({"file", "pointer", "column", "row"});
    fig.ci = parse_cell(ci, f.at("ci"), ci.path(), fig.cell.file);
  }
  fig.offset = f.number("offset").value_or(0);
  fig.scale = f.number("scale").value_or(1);
  fig.digits = int(f.number("digits").value_or(2));
  if (fig.digits < 0 || fig.digits > 9)
    throw ScenarioError(path + ".digits", std::to_string(fig.digits), "0 to 9");
  if (f.has("source")) { // without one, a simulated figure quoted in the prose (no table lists it)
    const Fields src(f.at("source"), path + ".source");
    src.only({"value", "min", "max", "text", "cite"});
    fig.source.value = src.number("value");
    fig.source.min = src.number("min");
    fig.source.max = src.number("max");
    fig.source.text = src.text("text");
    fig.source.cite = src.text("cite");
  }
  fig.calibrated_by = f.text("calibrated_by", false);
  fig.tolerance = f.number("tolerance").value_or(0);
  fig.tolerance_abs = f.number("tolerance_abs");
  fig.note = f.text("note", false);
  if (fig.calibrated_by.empty() && fig.source.value && fig.tolerance <= 0 && !fig.tolerance_abs)
    throw ScenarioError(path, fig.id, "a validation against a value to have \"tolerance\" or \"tolerance_abs\"");
  return fig;
}

double csv_cell(const std::string& id, const Cell& cell, const fs::path& file)
{
  const std::string where = "figure " + id;
  const Csv csv = read_csv(file, where + ": file");
  const std::size_t column = csv.index(cell.column, where + ": column");
  std::vector<std::pair<std::size_t, std::string>> match;
  for (const auto& [name, value] : cell.row)
    match.emplace_back(csv.index(name, where + ": row"), value);
  for (const auto& cells : csv.rows) {
    bool hit = true;
    for (const auto& [i, value] : match)
      hit = hit && cells[i] == value;
    if (hit)
      return std::stod(cells[column]);
  }
  std::string wanted;
  for (const auto& [name, value] : cell.row)
    wanted += (wanted.empty() ? "" : ", ") + name + " = " + value;
  throw ScenarioError(where + ": row", wanted, "a row of " + file.string());
}

} // namespace

std::vector<Figure> load_figures(const fs::path& catalogue)
{
  const json doc = read_json(catalogue, "figure catalogue");
  const std::string where = catalogue.string();
  if (!doc.is_object() || !doc.contains("figures") || !doc["figures"].is_array())
    throw ScenarioError(where, "(top level)", "an object with a \"figures\" array");
  std::vector<Figure> figures;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < doc["figures"].size(); ++i) {
    figures.push_back(parse_figure(doc["figures"][i], fmt::format("{}: figures[{}]", where, i)));
    if (!ids.insert(figures.back().id).second)
      throw ScenarioError(fmt::format("{}: figures[{}].id", where, i), figures.back().id, "an id not used before");
  }
  return figures;
}

namespace {

double stored_value(const std::string& id, const Cell& cell, const fs::path& root)
{
  const fs::path file = root / cell.file;
  if (cell.pointer.empty())
    return csv_cell(id, cell, file);
  const json doc = read_json(file, "figure " + id + ": file");
  json::json_pointer pointer;
  try {
    pointer = json::json_pointer(cell.pointer);
  } catch (const json::exception&) {
    throw ScenarioError("figure " + id + ": pointer", cell.pointer, "a JSON pointer (/a/b/0)");
  }
  if (!cell.column.empty()) { // a record of a list: the one whose fields match the row
    if (!doc.contains(pointer) || !doc[pointer].is_array())
      throw ScenarioError("figure " + id + ": pointer", cell.pointer, "a list of records in " + file.string());
    for (const json& record : doc[pointer]) {
      const bool match = std::all_of(cell.row.begin(), cell.row.end(), [&](const auto& field) {
        return record.contains(field.first) &&
               (record[field.first].is_string() ? record[field.first].template get<std::string>() == field.second
                                                : record[field.first].dump() == field.second);
      });
      if (match && record.contains(cell.column) && record[cell.column].is_number())
        return record[cell.column].get<double>();
    }
    std::string row;
    for (const auto& [k, v] : cell.row)
      row += (row.empty() ? "" : ", ") + k + " = " + v;
    throw ScenarioError("figure " + id + ": row", row,
                        "the fields of a record of " + cell.pointer + " in " + file.string() + " with a number '" +
                            cell.column + "'");
  }
  if (!doc.contains(pointer) || !doc[pointer].is_number())
    throw ScenarioError("figure " + id + ": pointer", cell.pointer, "a number in " + file.string());
  return doc[pointer].get<double>();
}

} // namespace

double simulated_value(const Figure& fig, const fs::path& root)
{
  double value = stored_value(fig.id, fig.cell, root);
  if (fig.relative_to) {
    const double base = stored_value(fig.id, *fig.relative_to, root);
    if (base == 0)
      throw ScenarioError("figure " + fig.id + ": relative_to", "0", "a non-zero value");
    value /= base;
  }
  return value * fig.scale + fig.offset;
}

double simulated_ci(const Figure& fig, const fs::path& root)
{
  return fig.ci ? stored_value(fig.id, *fig.ci, root) * std::fabs(fig.scale) : 0;
}

Verdict judge(const Figure& fig, double simulated)
{
  Verdict v;
  if (fig.source.value) {
    const double source = *fig.source.value;
    if (fig.tolerance_abs)
      v.error = simulated - source;
    else if (source != 0)
      v.error = (simulated - source) / source;
  }
  if (!fig.calibrated_by.empty()) {
    v.status = "calibrated (" + fig.calibrated_by + ")";
    return v;
  }
  if (fig.source.value) {
    const bool within = fig.tolerance_abs ? std::fabs(*v.error) <= *fig.tolerance_abs + 1e-12
                                          : v.error && std::fabs(*v.error) <= fig.tolerance + 1e-12;
    v.status = within ? "agrees" : "**disagrees**";
    return v;
  }
  if (fig.source.min || fig.source.max) {
    const bool within =
        (!fig.source.min || simulated >= *fig.source.min) && (!fig.source.max || simulated <= *fig.source.max);
    v.status = within ? "within the bound" : "**outside the bound**";
    return v;
  }
  v.status = "no figure to compare";
  return v;
}

} // namespace bcssim::sim::report
