#include "sim/study/point_check.hpp"

#include "sim/config/params.hpp"

#include <fmt/format.h>

#include <optional>
#include <set>

namespace bcssim::sim {
namespace {

// A parameter the point's binary did not have yet, and the study gives it the value that binary ran as
// (its default, or what its declaration says earlier binaries did: ParamDecl::before).
bool added_later_as_run(const std::string& path, const nlohmann::json& value)
{
  const ParamSpec* spec = find_param(path);
  return spec != nullptr && value == spec->before_json;
}

// The first path (dotted, in key order) where `recorded` and `now` differ; objects are compared key by key,
// anything else as a whole value.
std::optional<std::string> first_difference(const nlohmann::json& recorded, const nlohmann::json& now,
                                            const std::string& prefix)
{
  if (!recorded.is_object() || !now.is_object())
    return recorded == now ? std::nullopt : std::optional<std::string>(prefix);
  std::set<std::string> keys;
  for (const auto& [k, v] : recorded.items())
    keys.insert(k);
  for (const auto& [k, v] : now.items())
    keys.insert(k);
  for (const std::string& k : keys) {
    const std::string path = prefix.empty() ? k : prefix + "." + k;
    if (!recorded.contains(k) && now.contains(k) && added_later_as_run(path, now[k]))
      continue;
    if (!recorded.contains(k) || !now.contains(k))
      return path;
    if (auto d = first_difference(recorded[k], now[k], path))
      return d;
  }
  return std::nullopt;
}

const nlohmann::json* at_path(const nlohmann::json& tree, const std::string& path)
{
  const nlohmann::json* node = &tree;
  std::size_t start = 0;
  while (node != nullptr) {
    const auto dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    node = node->is_object() && node->contains(key) ? &(*node)[key] : nullptr;
    if (dot == std::string::npos)
      break;
    start = dot + 1;
  }
  return node;
}

} // namespace

void check_point_scenario(const Study& study, std::size_t i, const nlohmann::json& summary)
{
  const std::string label = study.label(i);
  const std::string point = fmt::format("point {}{}", i, label.empty() ? "" : " (" + label + ")");
  const std::string advice = "; that point was run with other parameters: run it again, or merge with the "
                             "scenario and --set it was run with";
  if (!summary.is_object() || !summary.contains("scenario") || !summary["scenario"].is_object())
    throw ScenarioError(point_folder(i) + "/summary.json", "(no scenario recorded)",
                        "the scenario the point was run with, as `bcssim run --point` records it");
  const nlohmann::json now = study.point(i).echo();
  const auto path = first_difference(summary["scenario"], now, "");
  if (!path)
    return;
  const nlohmann::json* was = at_path(summary["scenario"], *path);
  const nlohmann::json* want = at_path(now, *path);
  auto text = [](const nlohmann::json* v) {
    return v == nullptr ? std::string("(none)") : v->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  throw ScenarioError(point_folder(i) + " " + *path, text(was),
                      fmt::format("{}, the value of {} in the study as given now (scenario file and --set){}",
                                  text(want), point, advice));
}

} // namespace bcssim::sim
