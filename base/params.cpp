#include "base/params.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bcssim::base {
namespace {

ParamDecl make(std::string path, ParamType type, std::string doc, std::string source)
{
  ParamDecl d;
  d.path = std::move(path);
  d.type = type;
  d.doc = std::move(doc);
  d.source = std::move(source);
  return d;
}

std::string quoted(const std::string& s)
{
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

// A number as JSON writes it: integers without a decimal point, others in the shortest form that reads back.
std::string number_literal(double x)
{
  if (std::floor(x) == x && std::fabs(x) < 9007199254740992.0)
    return fmt::format("{}", std::int64_t(x));
  return fmt::format("{}", x);
}

std::string scalar_literal(const ParamDecl& d, const ParamValue& v, std::size_t i)
{
  switch (d.type) {
    case ParamType::boolean:
      return v.numbers.at(i) != 0 ? "true" : "false";
    case ParamType::integer:
      if (i < v.words.size() && v.numbers.empty())
        return quoted(v.words.at(i)); // "auto"
      return number_literal(v.numbers.at(i));
    case ParamType::real: { // a JSON float, 1.0 not 1, as the scenario echo shows it
      std::string text = fmt::format("{}", v.numbers.at(i));
      if (text.find_first_of(".eEn") == std::string::npos)
        text += ".0";
      return text;
    }
    case ParamType::text:
    case ParamType::choice:
    case ParamType::quantity:
      return quoted(v.words.at(i));
    case ParamType::record:
      return "{}";
  }
  return "null";
}

} // namespace

ParamDecl& ParamDecl::listed(ParamValue def)
{
  list = true;
  default_value = std::move(def);
  may_be_empty = default_value.numbers.empty() && default_value.words.empty();
  default_literal = literal_of(*this, default_value);
  return *this;
}

ParamDecl& ParamDecl::automatic()
{
  allow_auto = true;
  default_value = ParamValue{{}, {"auto"}};
  default_literal = "\"auto\"";
  return *this;
}

ParamDecl& ParamDecl::before(std::string literal)
{
  before_literal = std::move(literal);
  return *this;
}

ParamDecl& ParamDecl::inert_until_others_change()
{
  inert_before = true;
  return *this;
}

std::string literal_of(const ParamDecl& d, const ParamValue& v)
{
  if (!d.list)
    return scalar_literal(d, v, 0);
  const bool as_words = d.type == ParamType::text || d.type == ParamType::choice || d.type == ParamType::quantity;
  const std::size_t n = as_words ? v.words.size() : v.numbers.size();
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i)
    out += (i ? ", " : "") + scalar_literal(d, v, i);
  return out + "]";
}

ParamDecl quantity_decl(std::string path, Quantity q, const char* def, double min, double max, std::string doc,
                        std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::quantity, std::move(doc), std::move(source));
  d.quantity = q;
  d.min = min;
  d.max = max;
  // A quantity's value keeps the text as written (the echo shows it) beside its SI number.
  const auto x = parse_quantity(q, def);
  if (!x)
    throw std::logic_error("parameter " + d.path + ": default '" + def + "' is not a " + quantity_help(q));
  d.default_value = ParamValue{{*x}, {def}};
  d.default_literal = quoted(def);
  return d;
}

ParamDecl record_list_decl(std::string path, std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::record, std::move(doc), std::move(source));
  d.list = true;
  d.may_be_empty = true;
  d.default_literal = "[]";
  return d;
}

ParamDecl integer_decl(std::string path, std::int64_t def, double min, double max, std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::integer, std::move(doc), std::move(source));
  d.min = min;
  d.max = max;
  d.default_value = ParamValue{{double(def)}, {}};
  d.default_literal = fmt::format("{}", def);
  return d;
}

ParamDecl real_decl(std::string path, double def, double min, double max, std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::real, std::move(doc), std::move(source));
  d.min = min;
  d.max = max;
  d.default_value = ParamValue{{def}, {}};
  d.default_literal = literal_of(d, d.default_value);
  return d;
}

ParamDecl flag_decl(std::string path, bool def, std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::boolean, std::move(doc), std::move(source));
  d.default_value = ParamValue{{def ? 1.0 : 0.0}, {}};
  d.default_literal = def ? "true" : "false";
  return d;
}

ParamDecl choice_decl(std::string path, const char* def, std::vector<std::string> choices, std::string doc,
                      std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::choice, std::move(doc), std::move(source));
  d.choices = std::move(choices);
  d.default_value = ParamValue{{}, {def}};
  d.default_literal = quoted(def);
  return d;
}

ParamDecl text_decl(std::string path, const char* def, std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::text, std::move(doc), std::move(source));
  d.default_value = ParamValue{{}, {def}};
  d.default_literal = quoted(def);
  d.may_be_empty = std::string(def).empty(); // "" is then a value of its own (its doc says what it means)
  return d;
}

ParamDecl word_list_decl(std::string path, std::vector<std::string> choices, std::vector<std::string> def,
                         std::string doc, std::string source)
{
  ParamDecl d = make(std::move(path), ParamType::text, std::move(doc), std::move(source));
  d.choices = std::move(choices);
  d.listed(words(std::move(def)));
  return d;
}

ParamValue numbers(std::vector<double> v) { return ParamValue{std::move(v), {}}; }
ParamValue words(std::vector<std::string> v) { return ParamValue{{}, std::move(v)}; }

ParamValue quantities(Quantity q, const std::vector<const char*>& v)
{
  ParamValue out;
  for (const char* text : v) {
    const auto x = parse_quantity(q, text);
    if (!x)
      throw std::logic_error(std::string("list default '") + text + "' is not a " + quantity_help(q));
    out.numbers.push_back(*x);
    out.words.emplace_back(text);
  }
  return out;
}

} // namespace bcssim::base
