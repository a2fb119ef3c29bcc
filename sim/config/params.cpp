#include "sim/config/params.hpp"
#include "sim/config/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace bcssim::sim {

const ParamSpec* find_param(std::string_view path)
{
  static const auto index = [] {
    std::map<std::string, std::size_t, std::less<>> m;
    for (std::size_t i = 0; i < catalog().size(); ++i)
      m.emplace(catalog()[i].path, i);
    return m;
  }();
  auto it = index.find(path);
  return it == index.end() ? nullptr : &catalog()[it->second];
}

bool is_section(std::string_view path)
{
  if (path.empty())
    return true;
  return std::any_of(catalog().begin(), catalog().end(), [&](const ParamSpec& p) {
    return p.path.size() > path.size() && p.path.compare(0, path.size(), path) == 0 && p.path[path.size()] == '.';
  });
}

std::vector<std::string> section_keys(std::string_view section)
{
  std::set<std::string> keys;
  const std::size_t skip = section.empty() ? 0 : section.size() + 1;
  for (const ParamSpec& p : catalog()) {
    if (!section.empty() && !(p.path.size() > section.size() && p.path.compare(0, section.size(), section) == 0 &&
                              p.path[section.size()] == '.'))
      continue;
    const std::string rest = p.path.substr(skip);
    keys.insert(rest.substr(0, rest.find('.')));
  }
  return {keys.begin(), keys.end()};
}

const Preset* find_preset(std::string_view selector, std::string_view name)
{
  for (const Preset& p : presets())
    if (p.selector == selector && p.name == name)
      return &p;
  return nullptr;
}

std::vector<std::string> preset_names(std::string_view selector)
{
  std::vector<std::string> out;
  for (const Preset& p : presets())
    if (p.selector == selector)
      out.push_back(p.name);
  return out;
}

namespace {

std::string range_text(const ParamSpec& s)
{
  auto show = [&](double v) {
    return s.type == ParamType::quantity ? base::format_quantity(s.quantity, v) : base::readable(v);
  };
  if (std::isinf(s.max))
    return s.min > 0 ? fmt::format(" of at least {}", show(s.min)) : "";
  return fmt::format(" in [{}, {}]", show(s.min), show(s.max));
}

std::optional<std::string> check_scalar(const ParamSpec& s, const nlohmann::json& v)
{
  switch (s.type) {
    case ParamType::integer: {
      if (s.allow_auto && v.is_string() && v.get<std::string>() == "auto")
        return std::nullopt;
      // The message is built only for a bad value: every job of a 1000-job workload is checked.
      if (is_whole_number(v) && v.get<double>() >= s.min && v.get<double>() <= s.max)
        return std::nullopt;
      return fmt::format("an integer{}{}", range_text(s), s.allow_auto ? ", or \"auto\"" : "");
    }
    case ParamType::real: {
      if (v.is_number() && v.get<double>() >= s.min && v.get<double>() <= s.max)
        return std::nullopt;
      return fmt::format("a number{}", range_text(s));
    }
    case ParamType::boolean:
      return v.is_boolean() ? std::nullopt : std::optional<std::string>("true or false");
    case ParamType::text:
      if (!v.is_string() || (v.get<std::string>().empty() && !s.may_be_empty))
        return s.may_be_empty ? "a string" : "a non-empty string";
      if (!s.choices.empty() && std::find(s.choices.begin(), s.choices.end(), v.get<std::string>()) == s.choices.end())
        return fmt::format("one of: {}{}", fmt::join(s.choices, ", "), did_you_mean(v.get<std::string>(), s.choices));
      return std::nullopt;
    case ParamType::choice:
      if (v.is_string() && std::find(s.choices.begin(), s.choices.end(), v.get<std::string>()) != s.choices.end())
        return std::nullopt;
      return fmt::format("one of: {}{}", fmt::join(s.choices, ", "),
                         v.is_string() ? did_you_mean(v.get<std::string>(), s.choices, Ties::first, s.synonyms)
                                       : std::string());
    case ParamType::quantity: {
      auto want = [&] { return quantity_help(s.quantity) + range_text(s); };
      if (!v.is_string())
        return want();
      auto x = parse_quantity(s.quantity, v.get<std::string>());
      if (!x) { // a unit written in other letter case ("1KB") or mistyped: the nearest one
        const std::string text = v.get<std::string>();
        const std::size_t unit_at = text.find_first_not_of("0123456789.eE+- ");
        if (unit_at == std::string::npos)
          return want();
        return want() + did_you_mean(text.substr(unit_at), base::unit_names(s.quantity), Ties::none);
      }
      if (*x < s.min || *x > s.max)
        return want();
      if (s.quantity == Quantity::size && std::floor(*x) != *x)
        return want() + ", a whole number of bytes";
      return std::nullopt;
    }
    case ParamType::record:
      return v.is_object() ? std::nullopt : std::optional<std::string>("an object (see this parameter's doc)");
  }
  return "a valid value";
}

} // namespace

bool is_whole_number(const nlohmann::json& v)
{
  if (v.is_number_integer())
    return true;
  constexpr double kExact = 9007199254740992.0; // 2^53
  return v.is_number_float() && std::isfinite(v.get<double>()) && std::floor(v.get<double>()) == v.get<double>() &&
         std::fabs(v.get<double>()) <= kExact;
}

nlohmann::json integers_as_integers(const ParamSpec& spec, nlohmann::json value)
{
  if (spec.type != ParamType::integer)
    return value;
  if (value.is_number_float() && is_whole_number(value))
    return std::int64_t(value.get<double>());
  if (value.is_array())
    for (auto& item : value)
      if (item.is_number_float() && is_whole_number(item))
        item = std::int64_t(item.get<double>());
  return value;
}

nlohmann::json canonical_value(const ParamSpec& spec, const nlohmann::json& value)
{
  if (spec.list && !value.is_array()) // a single value stands for a list of one
    return canonical_value(spec, nlohmann::json::array({value}));
  if (value.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    ParamSpec item = spec;
    item.list = false;
    for (const auto& v : value)
      out.push_back(canonical_value(item, v));
    return out;
  }
  std::optional<double> x;
  if (spec.type == ParamType::quantity && value.is_string())
    x = parse_quantity(spec.quantity, value.get<std::string>());
  else if (value.is_number())
    x = value.get<double>();
  // A number (never a string: 4 and "4" differ), to 12 significant digits.
  return x ? nlohmann::json(std::stod(fmt::format("{:.12g}", *x))) : value;
}

std::optional<std::string> check_value(const ParamSpec& spec, const nlohmann::json& value)
{
  if (!spec.list)
    return check_scalar(spec, value);
  const auto single = check_scalar(spec, value);
  const std::string want = "a list of " + (single ? *single : std::string("values"));
  if (!value.is_array()) // a single value stands for all
    return single ? std::optional<std::string>(*single + ", or a list of such values") : std::nullopt;
  if (value.empty())
    return spec.may_be_empty ? std::nullopt : std::optional<std::string>(want + " (not empty)");
  for (std::size_t i = 0; i < value.size(); ++i)
    if (auto bad = check_scalar(spec, value[i]))
      return fmt::format("a list whose items are each {}; item [{}] = {} is not", *bad, i, value[i].dump());
  return std::nullopt;
}

std::string unit_label(const ParamSpec& spec)
{
  std::string unit;
  switch (spec.type) {
    case ParamType::integer:
      unit = "count";
      break;
    case ParamType::real:
      unit = "number";
      break;
    case ParamType::boolean:
      unit = "bool";
      break;
    case ParamType::text:
      unit = "text";
      break;
    case ParamType::choice:
      unit = "choice";
      break;
    case ParamType::quantity:
      unit = std::string(si_unit(spec.quantity));
      break;
    case ParamType::record:
      unit = "object";
      break;
  }
  return spec.list ? "list of " + unit : unit;
}

} // namespace bcssim::sim
