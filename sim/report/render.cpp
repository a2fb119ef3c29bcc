#include "sim/report/render.hpp"
#include "sim/report/outputs_doc.hpp"

#include "sim/config/scenario.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/report/account.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace bcssim::sim::report {
namespace fs = std::filesystem;

Evaluation::Evaluation(std::vector<Figure> figures, const fs::path& root) : figures_(std::move(figures))
{
  for (std::size_t i = 0; i < figures_.size(); ++i) {
    index_[figures_[i].id] = i;
    values_[figures_[i].id] = simulated_value(figures_[i], root);
    cis_[figures_[i].id] = simulated_ci(figures_[i], root);
  }
}

const Figure& Evaluation::figure(const std::string& id, const std::string& where) const
{
  const auto it = index_.find(id);
  if (it == index_.end())
    throw ScenarioError(where, id, "the id of a figure in docs/src/figures.json");
  return figures_[it->second];
}

namespace {

std::string number(double value, int digits)
{
  std::string s = fmt::format("{:.{}f}", value, digits);
  if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-')
    s.erase(0, 1); // no "-0.0"
  return s;
}

std::string signed_number(const Figure& f, double value)
{
  const std::string n = number(value, f.digits);
  return f.unit == "%" && n.find_first_not_of("0.") != std::string::npos && n[0] != '-' ? "+" + n : n;
}

std::string with_unit(const Figure& f, double value, double ci = 0)
{
  std::string n = signed_number(f, value);
  if (ci > 0)
    n += " ± " + number(ci, f.digits);
  if (f.unit.empty())
    return n;
  return n + " " + f.unit;
}

std::string error_text(const Figure& f, const Verdict& v)
{
  if (!v.error)
    return "";
  if (f.tolerance_abs)
    return fmt::format("{:+.1f} {}", *v.error, f.unit == "%" ? "points" : f.unit);
  const double percent = *v.error * 100;
  return fmt::format("{:+.1f} %", std::fabs(percent) < 0.05 ? 0.0 : percent);
}

std::string table(const std::string& group, const Evaluation& e, const std::string& where)
{
  const bool all = group == "all";
  std::string out =
      all ? "| group | figure | simulated | source | error | status | source ref. |\n|---|---|---|---|---|---|---|\n"
          : "| figure | simulated | source | error | status | source ref. |\n|---|---|---|---|---|---|\n";
  int rows = 0;
  for (const Figure& f : e.figures()) {
    if ((!all && f.group != group) || (all && (f.source.text.empty() || f.group == "whatif")))
      continue;
    const double value = e.value(f.id);
    const Verdict v = judge(f, value);
    std::string what = f.what;
    if (!f.note.empty())
      what += " (" + f.note + ")";
    out += fmt::format("| {}{} | {} | {} | {} | {} | {} |\n", all ? f.group + " | " : "", what,
                       with_unit(f, value, e.ci(f.id)), f.source.text, error_text(f, v), v.status, f.source.cite);
    ++rows;
  }
  if (rows == 0)
    throw ScenarioError(where, group, "a group of docs/src/figures.json");
  return out;
}

std::string expand(const std::string& key, const Evaluation& e, const std::string& where)
{
  std::string id = key, field;
  const auto dot = key.rfind('.');
  if (dot != std::string::npos) {
    const std::string tail = key.substr(dot + 1);
    if (tail == "value" || tail == "error" || tail == "source") {
      id = key.substr(0, dot);
      field = tail;
    }
  }
  const Figure& f = e.figure(id, where);
  const double value = e.value(id);
  if (field.empty())
    return with_unit(f, value, e.ci(id));
  if (field == "value")
    return signed_number(f, value);
  if (field == "source")
    return f.source.text;
  return error_text(f, judge(f, value));
}

} // namespace

std::string render(const std::string& text, const std::string& name, const Evaluation& e, const fs::path& root)
{
  std::istringstream in(text);
  std::string line, out;
  int number_of_line = 0;
  while (std::getline(in, line)) {
    ++number_of_line;
    const std::string where = fmt::format("{}:{}", name, number_of_line);
    if (line.rfind("{{table ", 0) == 0 && line.size() > 10 && line.compare(line.size() - 2, 2, "}}") == 0) {
      out += table(line.substr(8, line.size() - 10), e, where);
      continue;
    }
    if (line.rfind("{{account ", 0) == 0 && line.compare(line.size() - 2, 2, "}}") == 0) {
      out += account_table(line.substr(2, line.size() - 4), root, where);
      continue;
    }
    if ((line.rfind("{{rows ", 0) == 0 || line.rfind("{{pivot ", 0) == 0) &&
        line.compare(line.size() - 2, 2, "}}") == 0) {
      out += csv_table(line.substr(2, line.size() - 4), root, where);
      continue;
    }
    std::size_t at = 0;
    while (true) {
      const std::size_t open = line.find("{{", at);
      if (open == std::string::npos) {
        out += line.substr(at);
        break;
      }
      const std::size_t close = line.find("}}", open);
      if (close == std::string::npos)
        throw ScenarioError(where, line.substr(open), "a placeholder closed by }} on the same line");
      out += line.substr(at, open - at);
      out += expand(line.substr(open + 2, close - open - 2), e, where);
      at = close + 2;
    }
    out += '\n';
  }
  return out;
}

std::map<fs::path, std::string> render_docs(const fs::path& root)
{
  const fs::path src = root / "docs" / "src";
  const Evaluation evaluation(load_figures(src / "figures.json"), root);
  std::map<fs::path, std::string> docs;
  std::vector<fs::path> templates;
  for (const auto& entry : fs::directory_iterator(src))
    if (entry.path().extension() == ".md")
      templates.push_back(entry.path());
  std::sort(templates.begin(), templates.end());
  for (const fs::path& t : templates) {
    std::ifstream in(t);
    std::stringstream text;
    text << in.rdbuf();
    const std::string name = "docs/src/" + t.filename().string();
    docs[fs::path("docs") / t.filename()] =
        "<!-- Generated by `bcssim docs` from " + name +
        " and the committed results; edit that file, not this one (a test checks this one is current). -->\n" +
        render(text.str(), name, evaluation, root);
  }
  check_tables(root);
  docs[fs::path("docs") / "outputs.md"] =
      "<!-- Generated by `bcssim docs` from the output declarations; a test checks this file is current. -->\n" +
      outputs_markdown();
  return docs;
}

} // namespace bcssim::sim::report
