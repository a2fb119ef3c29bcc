#include "sim/config/schema.hpp"

#include "sim/config/params.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace bcssim::sim {
namespace {

// A quantity: a number and one of its units, as parse_quantity reads it.
std::string quantity_pattern(base::Quantity q)
{
  std::string units;
  for (const std::string& u : base::unit_names(q))
    units += (units.empty() ? "" : "|") + u;
  return "^\\s*([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*(" + units + ")\\s*$";
}

nlohmann::json scalar_schema(const ParamSpec& p)
{
  nlohmann::json s;
  switch (p.type) {
    case ParamType::integer:
    case ParamType::real:
      s["type"] = p.type == ParamType::integer ? "integer" : "number";
      if (std::isfinite(p.min))
        s["minimum"] = p.min;
      if (std::isfinite(p.max))
        s["maximum"] = p.max;
      if (p.allow_auto)
        s = {{"anyOf", {s, {{"const", "auto"}}}}};
      break;
    case ParamType::boolean:
      s["type"] = "boolean";
      break;
    case ParamType::text:
      s["type"] = "string";
      if (!p.choices.empty())
        s["enum"] = p.choices;
      else if (!p.may_be_empty)
        s["minLength"] = 1;
      break;
    case ParamType::choice:
      s["enum"] = p.choices;
      break;
    case ParamType::quantity:
      s["type"] = "string";
      s["pattern"] = quantity_pattern(p.quantity);
      break;
    case ParamType::record:
      s["type"] = "object";
      break;
  }
  return s;
}

nlohmann::json param_schema(const ParamSpec& p)
{
  nlohmann::json s = scalar_schema(p);
  if (p.list) { // a single value stands for a list of one (or for every level)
    nlohmann::json array = {{"type", "array"}, {"items", s}};
    if (!p.may_be_empty)
      array["minItems"] = 1;
    s = p.type == ParamType::record ? array : nlohmann::json{{"anyOf", {s, array}}};
  }
  s["description"] = fmt::format("{} Unit: {}. Source: {}.", p.doc, unit_label(p), p.source);
  s["default"] = p.default_json;
  return s;
}

nlohmann::json section_schema(const std::string& title)
{
  return {
      {"type", "object"}, {"title", title}, {"properties", nlohmann::json::object()}, {"additionalProperties", false}};
}

} // namespace

nlohmann::json scenario_schema()
{
  nlohmann::json root = section_schema("bcs-sim scenario");
  root["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  root["$id"] = "https://bcs-sim.invalid/scenario.schema.json";
  root["description"] = "A bcs-sim scenario (docs/parameters.md lists every parameter; `bcssim validate` checks a "
                        "file completely, including quantity ranges and the rules between parameters).";
  for (const ParamSpec& p : catalog()) {
    nlohmann::json* section = &root;
    std::string rest = p.path;
    std::string prefix;
    for (auto dot = rest.find('.'); dot != std::string::npos; dot = rest.find('.')) {
      const std::string key = rest.substr(0, dot);
      prefix += (prefix.empty() ? "" : ".") + key;
      auto& props = (*section)["properties"];
      if (!props.contains(key))
        props[key] = section_schema(prefix);
      section = &props[key];
      rest = rest.substr(dot + 1);
    }
    (*section)["properties"][rest] = param_schema(p);
  }
  // sim/study/study.hpp: "sweep" maps a parameter path (or several joined by " + ") to its list of values.
  root["properties"]["sweep"] = {
      {"type", "object"},
      {"description", "A study: each key a parameter path (or several joined by ' + ', moving together) with its "
                      "list of values; every combination is a point."},
      {"additionalProperties", {{"type", "array"}, {"minItems", 1}}}};
  return root;
}

} // namespace bcssim::sim
