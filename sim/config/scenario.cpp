#include "sim/config/scenario.hpp"
#include "base/input_file.hpp"

#include "models/qsnet/params.hpp"
#include "sim/config/params.hpp"
#include "sim/config/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace bcssim::sim {
namespace {

std::string join_path(const std::string& prefix, const std::string& key)
{
  return prefix.empty() ? key : prefix + "." + key;
}

// Walks the user's JSON: every key must be a section or a parameter; every parameter value must fit its spec.
// Every broken one is collected (not only the first), as a compiler reports every error of a file.
void check_tree(const nlohmann::json& node, const std::string& prefix, std::map<std::string, nlohmann::json>& out,
                std::vector<ScenarioError>& errors)
{
  if (!node.is_object()) {
    errors.emplace_back(prefix.empty() ? "(root)" : prefix, node.dump(),
                        "an object with keys: " + fmt::format("{}", fmt::join(section_keys(prefix), ", ")));
    return;
  }
  for (const auto& [key, value] : node.items()) {
    const std::string path = join_path(prefix, key);
    if (const ParamSpec* spec = find_param(path)) {
      if (auto allowed = check_value(*spec, value))
        errors.emplace_back(path, value.dump(), *allowed);
      else
        out[path] = integers_as_integers(*spec, value);
    } else if (is_section(path)) {
      check_tree(value, path, out, errors);
    } else {
      std::vector<std::string> allowed = section_keys(prefix);
      if (prefix.empty()) // expanded by sim/study/study.cpp before a point is resolved
        allowed.insert(std::lower_bound(allowed.begin(), allowed.end(), "sweep"), "sweep");
      errors.emplace_back(
          path, value.dump(),
          fmt::format("a key of this section{}: {}", did_you_mean(key, allowed), fmt::join(allowed, ", ")));
    }
  }
}

// The first error, carrying the others (at most kMaxErrorsReported in all, then how many more), in the order
// their keys stand in the file when it is known (`order`); errors of keys the file does not hold (--set) after them.
void check_tree(const nlohmann::json& node, std::map<std::string, nlohmann::json>& out, const KeyOrder* order = nullptr)
{
  constexpr std::size_t kMaxErrorsReported = 20;
  std::vector<ScenarioError> errors;
  check_tree(node, "", out, errors);
  if (errors.empty())
    return;
  if (order != nullptr) {
    const auto rank = [order](const ScenarioError& e) {
      const auto found = order->find(e.path());
      return found != order->end() ? found->second : order->size();
    };
    std::stable_sort(errors.begin(), errors.end(),
                     [&rank](const ScenarioError& a, const ScenarioError& b) { return rank(a) < rank(b); });
  }
  ScenarioError first = errors.front();
  for (std::size_t i = 1; i < errors.size() && i < kMaxErrorsReported; ++i)
    first.add_further(errors[i].what());
  if (errors.size() > kMaxErrorsReported)
    first.add_further(fmt::format("... and {} more errors", errors.size() - kMaxErrorsReported));
  throw first;
}

// A single value stands for a list of one.
nlohmann::json as_declared(const ParamSpec& spec, nlohmann::json value)
{
  return spec.list && !value.is_array() ? nlohmann::json::array({std::move(value)}) : value;
}

void apply_set(nlohmann::json& user, const std::string& assignment)
{
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError("--set " + assignment, "\"" + assignment + "\"", "path=value, e.g. platform.nodes=16");
  const std::string path = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  check_utf8_assignment(path, text); // before anything shows them
  if (find_param(path) == nullptr) {
    std::vector<std::string> paths;
    for (const ParamSpec& p : catalog())
      paths.push_back(p.path);
    throw ScenarioError(path, nlohmann::json(text).dump(),
                        "a parameter path (see `bcssim params`)" + did_you_mean(path, paths));
  }
  const nlohmann::json value = parse_set_value(path, text);
  nlohmann::json* node = &user;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (dot == std::string::npos) {
      (*node)[key] = value;
      return;
    }
    nlohmann::json& child = (*node)[key];
    if (child.is_null())
      child = nlohmann::json::object();
    if (!child.is_object())
      throw ScenarioError(path.substr(0, dot), child.dump(), "an object");
    node = &child;
    start = dot + 1;
  }
}

std::string show(const nlohmann::json& v) { return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

} // namespace

nlohmann::json Scenario::read(const std::string& file, KeyOrder* order)
{
  if (std::filesystem::is_directory(file))
    throw ScenarioError("(file)", "\"" + file + "\"", "a scenario file; this is a folder");
  if (base::not_a_regular_file(file))
    throw ScenarioError("(file)", "\"" + file + "\"",
                        "a scenario file; this is not a regular file (a FIFO, a device or a socket), which bcssim does "
                        "not read (a FIFO would keep it waiting for a writer)");
  std::ifstream in = base::input_file(file);
  if (!in)
    throw ScenarioError("(file)", "\"" + file + "\"",
                        std::filesystem::exists(file) ? "a readable scenario file"
                        : std::filesystem::is_symlink(file)
                            ? "a readable scenario file; this is a symlink to a path that does not exist"
                            : "a scenario file; none exists at this path");
  // Read in blocks, at most one past the limit: /dev/zero or a huge file is refused, not read until memory runs
  // out. (A buffer of the limit's size, zeroed, cost every read 64 MiB of page faults: 70 ms of a `bcssim
  // validate`, and under the fuzzers' sanitizers most of each input's time, issue 67 item 8.)
  std::string text;
  std::array<char, 1 << 16> block;
  while (text.size() <= kMaxScenarioBytes && in.read(block.data(), std::streamsize(block.size())).gcount() > 0)
    text.append(block.data(), std::size_t(in.gcount()));
  if (text.size() > kMaxScenarioBytes)
    throw ScenarioError("(file)", "\"" + file + "\"",
                        fmt::format("a scenario file of at most {} MiB (a large workload goes in an SWF file: "
                                    "workload.swf)",
                                    kMaxScenarioBytes >> 20));
  nlohmann::json user;
  try {
    user = parse_user_json(text, "", order); // depth, duplicate keys and numbers checked (sim/config/json_limits.hpp)
  } catch (const nlohmann::json::parse_error& e) {
    throw ScenarioError("(root)", "<malformed JSON>", "valid JSON; " + json_error_text(e));
  }
  return user;
}

Scenario Scenario::load(const std::string& file, const std::vector<std::string>& sets)
{
  KeyOrder order;
  nlohmann::json user = read(file, &order);
  return resolve(std::move(user), sets, std::filesystem::path(file).stem().string(), &order);
}

std::string folder_name(const std::string& wanted)
{
  std::string name;
  for (const char c : wanted)
    name += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ? c : '_';
  name.erase(0, name.find_first_not_of('.'));
  return name.substr(0, 200);
}

Scenario Scenario::resolve(nlohmann::json user, const std::vector<std::string>& sets, const std::string& default_name,
                           const KeyOrder* order)
{
  if (!user.is_object())
    throw ScenarioError("(root)", user.dump(), "an object");
  // Every error reported at once, as a compiler does: the file's (check_tree), then the --set ones in the order
  // given. An unknown --set path had stopped at itself, hiding the file's errors and the other --set ones
  // (hostile pass of 2026-12-07).
  std::vector<ScenarioError> set_errors;
  for (const auto& s : sets) {
    try {
      apply_set(user, s);
    } catch (const ScenarioError& e) {
      set_errors.push_back(e);
    }
  }
  // A value a --set gave is reported where the --set stands, after the file's own errors, not where the file
  // had its key (bad values of two --set had come out in the reverse of the order given).
  KeyOrder ranked = order != nullptr ? *order : KeyOrder{};
  const std::size_t after_file = ranked.size() + 1;
  for (std::size_t i = 0; i < sets.size(); ++i)
    ranked[sets[i].substr(0, sets[i].find('='))] = after_file + i;
  std::map<std::string, nlohmann::json> given;
  std::optional<ScenarioError> reported;
  try {
    check_tree(user, given, &ranked);
  } catch (const ScenarioError& e) {
    reported = e;
  }
  for (const ScenarioError& e : set_errors) {
    if (!reported) {
      reported = e;
      continue;
    }
    reported->add_further(e.what());
    for (const std::string& more : e.further())
      reported->add_further(more);
  }
  if (reported)
    throw *reported;

  Scenario sc;
  for (const ParamSpec& p : catalog())
    sc.values_[p.path] = p.default_json;
  // A name taken from the file's is made one (hostile pass of 2026-12-06: "my scen é.json" or ".hidden.json", with no
  // name of their own, were refused for a name the user never wrote).
  const std::string from_file = folder_name(default_name);
  sc.values_["name"] = from_file.empty() ? std::string("scenario") : from_file;
  for (const char* preset_path : {"platform.preset", "noise.preset"}) { // each preset's values, then the user's
    const std::string name = given.count(preset_path) ? given[preset_path].get<std::string>()
                                                      : find_param(preset_path)->default_json.get<std::string>();
    for (const PresetValue& v : find_preset(preset_path, name)->values)
      sc.values_[v.path] = v.value;
  }
  for (auto& [path, value] : given)
    sc.values_[path] = value;
  // What the scenario's input tells where the user set nothing (a replay's ranks and name come from its trace:
  // one scenario file then serves any trace, issue 67 item 12).
  for (const auto& [path, value] : given)
    sc.given_.insert(path);
  for (auto& [path, value] : derived_values(sc, sc.given_))
    if (!given.count(path))
      sc.values_[path] = std::move(value);

  // Names become folder names.
  sc.name_ = sc.values_["name"].get<std::string>();
  sc.overrides_ = sets;
  for (char ch : sc.name_)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-') || sc.name_[0] == '.')
      throw ScenarioError("name", show(sc.values_["name"]),
                          "letters, digits, '.', '_' and '-' only, not starting with '.'");
  // A file name holds 255 bytes; the default results folder is the name, and its temporary siblings add
  // ".tmp-<pid>", ".partial" or "-slurm-logs" to it.
  constexpr std::size_t kLongestName = 200;
  if (sc.name_.size() > kLongestName)
    throw ScenarioError(
        "name", show(sc.values_["name"]),
        fmt::format("at most {} characters (it names the results folder), not {}", kLongestName, sc.name_.size()));

  // The tree's shorthands: levels may be "auto"; one cable length stands for every level.
  nlohmann::json& levels = sc.values_["platform.tree.levels"];
  if (levels.is_string())
    levels = qsnet::smallest_levels(unsigned(sc.integer("platform.tree.arity")),
                                    std::uint64_t(sc.integer("platform.nodes")));
  nlohmann::json& cables = sc.values_["platform.tree.cable_length"];
  if (!cables.is_array())
    cables = nlohmann::json::array({cables});
  if (cables.size() == 1 && levels.get<std::int64_t>() <= 24)
    cables = nlohmann::json(std::vector<nlohmann::json>(std::size_t(levels.get<std::int64_t>()), cables[0]));
  for (const ParamSpec& spec : catalog())
    sc.values_[spec.path] = as_declared(spec, std::move(sc.values_[spec.path]));

  check_scenario_rules(sc); // the machine's and the kind's rules (sim/catalogue)
  return sc;
}

Scenario Scenario::with(const nlohmann::json& fragment) const
{
  std::map<std::string, nlohmann::json> given;
  check_tree(fragment, given);
  Scenario sc = *this;
  for (auto& [path, value] : given) {
    if (path == "platform.preset" || path == "noise.preset" || path == "platform.tree.levels" ||
        path == "platform.tree.cable_length" || path == "name")
      throw std::logic_error("Scenario::with: '" + path + "' needs resolve()"); // their shorthands expand there
    sc.values_[path] = as_declared(*find_param(path), value);
    sc.given_.insert(path);
  }
  // A workload's replay job takes its trace's ranks as a replay scenario does (hostile pass 2026-12-06, finding 9);
  // the name stays the machine's.
  for (auto& [path, value] : derived_values(sc, sc.given_))
    if (path != "name")
      sc.values_[path] = as_declared(*find_param(path), std::move(value));
  check_scenario_rules(sc);
  return sc;
}

nlohmann::json Scenario::echo() const
{
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [path, value] : values_) {
    // A simulator guard, not the model (sim/machine/run_bounds.hpp): recorded only when a run was let past it,
    // so results written before it existed still read as the same scenario.
    if (path == "run_bounds" && value == true)
      continue;
    std::string pointer = "/" + path;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    out[nlohmann::json::json_pointer(pointer)] = value;
  }
  return out;
}

const nlohmann::json& Scenario::raw(const std::string& path) const { return values_.at(path); }
std::int64_t Scenario::integer(const std::string& path) const { return raw(path).get<std::int64_t>(); }
double Scenario::real(const std::string& path) const { return raw(path).get<double>(); }
bool Scenario::flag(const std::string& path) const { return raw(path).get<bool>(); }
std::string Scenario::text(const std::string& path) const { return raw(path).get<std::string>(); }

double Scenario::quantity(const std::string& path) const { return value(path).number(); }

std::vector<double> Scenario::quantities(const std::string& path) const { return value(path).numbers; }

std::vector<std::int64_t> Scenario::integers(const std::string& path) const
{
  return raw(path).get<std::vector<std::int64_t>>();
}

std::vector<std::string> Scenario::texts(const std::string& path) const
{
  return raw(path).get<std::vector<std::string>>();
}

base::ParamValue Scenario::value(const std::string& path) const
{
  const ParamSpec* spec = find_param(path);
  if (spec == nullptr)
    throw std::logic_error("Scenario::value: '" + path + "' is not a declared parameter");
  base::ParamValue out;
  auto add = [&](const nlohmann::json& v) {
    switch (spec->type) {
      case ParamType::integer:
        if (v.is_string())
          out.words.push_back(v.get<std::string>()); // "auto"
        else
          out.numbers.push_back(v.get<double>());
        break;
      case ParamType::real:
        out.numbers.push_back(v.get<double>());
        break;
      case ParamType::boolean:
        out.numbers.push_back(v.get<bool>() ? 1.0 : 0.0);
        break;
      case ParamType::text:
      case ParamType::choice:
        out.words.push_back(v.get<std::string>());
        break;
      case ParamType::quantity:
        out.numbers.push_back(*parse_quantity(spec->quantity, v.get<std::string>()));
        out.words.push_back(v.get<std::string>());
        break;
      case ParamType::record: // read as JSON by the kind that declares it (Scenario::raw)
        throw std::logic_error("Scenario::value: '" + path + "' is a list of records: read it with raw()");
    }
  };
  const nlohmann::json& v = raw(path);
  if (v.is_array())
    for (const auto& item : v)
      add(item);
  else
    add(v);
  return out;
}

std::string Scenario::shown(const std::string& path) const
{
  auto it = values_.find(path);
  return it == values_.end() ? "(unset)" : show(it->second);
}

} // namespace bcssim::sim
