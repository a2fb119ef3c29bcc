#pragma once
// The parameter catalogue: every scenario parameter is declared once (catalog.cpp) with its JSON path, type and
// unit, default, allowed range, doc and source. Validation, defaults, `bcssim params` and docs/parameters.md
// all come from it. Presets (presets.cpp) override some defaults, each value with its own source.
#include "sim/config/units.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::sim {

enum class ParamType { integer, real, boolean, text, choice, quantity };

struct ParamSpec {
  std::string path;
  ParamType type = ParamType::integer;
  Quantity quantity = Quantity::time; // for ParamType::quantity
  bool list = false;       // a JSON array of values; for per-level lists a single value stands for every level
  bool allow_auto = false; // an integer that may be "auto" (resolved from other parameters)
  bool may_be_empty = false; // a list that may be [] (its doc says what [] means)
  nlohmann::json default_value;
  double min = 0;          // inclusive range, in SI units for quantities
  double max = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices; // for ParamType::choice, and the allowed items of a text list
  std::string doc;
  std::string source;
};

struct PresetValue {
  std::string path;
  nlohmann::json value;
  std::string source;
};

struct Preset {
  std::string name;
  std::string doc;
  std::vector<PresetValue> values;
};

const std::vector<ParamSpec>& catalog();
const ParamSpec* find_param(std::string_view path);
/// True when `path` names a section (an object holding parameters), e.g. "platform.pci".
bool is_section(std::string_view path);
/// The keys allowed directly under a section ("" is the root), sorted.
std::vector<std::string> section_keys(std::string_view section);

const std::vector<Preset>& presets();
const Preset* find_preset(std::string_view name);

/// Checks one value against its spec. Returns what is allowed when the value is not, std::nullopt when it is.
std::optional<std::string> check_value(const ParamSpec& spec, const nlohmann::json& value);

/// Unit column of `bcssim params`: "B/s", "s", "count", "bool", "text", ...
std::string unit_label(const ParamSpec& spec);

} // namespace bcssim::sim
