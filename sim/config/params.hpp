#pragma once
// The parameter catalogue: every scenario parameter, as declared once beside its model (base/params.hpp), with its
// JSON path, type and unit, default, allowed range, doc and source. Validation, defaults, `bcssim params` and
// docs/parameters.md all come from it. Presets override some defaults, each value with its own source.
// sim/config is the scenario language and knows no module: catalog() and presets() are defined by
// sim/catalogue/, the one layer above the machine and the kinds that assembles their declarations.
#include "base/params.hpp"
#include "sim/config/units.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::sim {

using base::ParamType;

/// A catalogue entry: a declaration (made beside its model, base/params.hpp) with its default as JSON.
struct ParamSpec : base::ParamDecl {
  nlohmann::json default_json;
  nlohmann::json before_json; // how points recorded before the parameter existed ran (ParamDecl::before)
};

struct PresetValue {
  std::string path;
  nlohmann::json value;
  std::string source;
};

struct Preset {
  std::string selector; // the parameter that picks it: "platform.preset" or "noise.preset"
  std::string name;
  std::string doc;
  std::vector<PresetValue> values;
};

/// Every parameter, in the catalogue's order (defined in sim/catalogue/catalogue.cpp).
const std::vector<ParamSpec>& catalog();
const ParamSpec* find_param(std::string_view path);
/// True when `path` names a section (an object holding parameters), e.g. "platform.pci".
bool is_section(std::string_view path);
/// The keys allowed directly under a section ("" is the root), sorted.
std::vector<std::string> section_keys(std::string_view section);

/// Every preset (defined in sim/catalogue/presets.cpp).
const std::vector<Preset>& presets();
const Preset* find_preset(std::string_view selector, std::string_view name);
/// The names of the presets `selector` picks from, in order.
std::vector<std::string> preset_names(std::string_view selector);

/// Checks one value against its spec. Returns what is allowed when the value is not, std::nullopt when it is.
std::optional<std::string> check_value(const ParamSpec& spec, const nlohmann::json& value);

/// A JSON number that is a whole number, however written: 16, 16.0 and 1e9 (at most 2^53 in size, where every
/// whole number is exact), so an integer parameter takes what a user or a script writes (hostile pass 2026-12-06).
bool is_whole_number(const nlohmann::json& v);
/// `value` with each whole number of an integer parameter made a JSON integer (16.0 -> 16), items of a list too;
/// anything else as it is. Applied to what the user gives, so the echo and every reader see integers.
nlohmann::json integers_as_integers(const ParamSpec& spec, nlohmann::json value);
/// The value as the model reads it, for telling values written apart that are the same ("1ms" and "1000us", 16 and
/// 16.0): numbers and quantities as their number to 12 significant digits (a unit's scale may round the last bit),
/// lists item by item, anything else as written.
nlohmann::json canonical_value(const ParamSpec& spec, const nlohmann::json& value);

/// Unit column of `bcssim params`: "B/s", "s", "count", "bool", "text", ...
std::string unit_label(const ParamSpec& spec);

} // namespace bcssim::sim
