#include "sim/study/point_check.hpp"
#include "base/input_file.hpp"
#include "base/units.hpp"

#include "sim/config/json_limits.hpp"
#include "sim/config/params.hpp"
#include "sim/output/results_manifest.hpp"
#include "sim/output/results_marker.hpp"

#include <fmt/format.h>

#include <sstream>

#include <cstdint>
#include <fstream>
#include <optional>
#include <set>

namespace bcssim::sim {
namespace {

// A parameter the point's binary did not have yet, and the study gives it the value that binary ran as
// (its default, or what its declaration says earlier binaries did: ParamDecl::before), or a whole section of them.
bool added_later_as_run(const std::string& path, const nlohmann::json& value)
{
  if (value.is_object() && find_param(path) == nullptr) { // a section added later: each of its parameters
    for (const auto& [k, v] : value.items())
      if (!added_later_as_run(path + "." + k, v))
        return false;
    return true;
  }
  const ParamSpec* spec = find_param(path);
  return spec != nullptr && (spec->inert_before || value == spec->before_json);
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

// What to do about point i, in `point` (its folder as the user named it), when its files are damaged: run it
// again, as its line of `bcssim sweep --emit-jobs` does (with --force: the damaged folder is bcssim's).
std::string run_again(std::size_t i, const std::filesystem::path& point)
{
  return fmt::format("run that point again: `bcssim run <scenario> --point {} --out {} --force`, with the study's "
                     "--set (its line of `bcssim sweep --emit-jobs`)",
                     i, point.string());
}

} // namespace

void check_point_scenario(const Study& study, std::size_t i, const nlohmann::json& summary)
{
  const std::string label = study.label(i);
  const std::string point = fmt::format("point {}{}", i, label.empty() ? "" : " (" + label + ")");
  const std::string advice = fmt::format(
      "; that point was run with other parameters: merge with the scenario and --set it was run with, or run it "
      "again: `bcssim run <scenario> --point {} --out <study folder>/{} --force` with the study's --set (its line of "
      "`bcssim sweep --emit-jobs`)",
      i, point_folder(i));
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

void check_points_folder(const Study& study, const std::filesystem::path& folder, const std::string& option)
{
  namespace fs = std::filesystem;
  const std::string where = folder.string();
  const std::string range =
      fmt::format("points/{} to points/{}", point_folder(0).substr(7), point_folder(study.size() - 1).substr(7));
  std::error_code ec;
  std::set<std::string> expected;
  for (std::size_t i = 0; i < study.size(); ++i)
    expected.insert(point_folder(i));
  std::set<std::string> extra;
  for (const auto& entry : fs::directory_iterator(folder / "points", ec)) { // anything else: not bcssim's (merge)
    const std::string base = entry.path().filename().string();
    if (!base.empty() && base.find_first_not_of("0123456789") == std::string::npos && !expected.count("points/" + base))
      extra.insert("points/" + base);
  }
  if (!extra.empty())
    throw ScenarioError(option, where,
                        fmt::format("a study's folder holding its {} only ({}); {} is not one of them (run with "
                                    "other sweep values? move it out of the folder)",
                                    base::counted(static_cast<long long>(study.size()), "point"), range,
                                    *extra.begin()));
  for (std::size_t i = 0; i < study.size(); ++i) {
    const fs::path point = folder / point_folder(i);
    if (!fs::is_directory(point, ec))
      throw ScenarioError(option, where,
                          fmt::format("every point of the study ({}); {} is missing: run it with `bcssim run "
                                      "<scenario> --point {} --out {}` (`bcssim sweep --emit-jobs` prints them all)",
                                      range, point_folder(i), i, point.string()));
    const fs::path file = point / "summary.json";
    nlohmann::json summary;
    try {
      std::ifstream in = base::input_file(file);
      if (!in)
        throw std::runtime_error("it cannot be read");
      summary = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
      throw ScenarioError(
          file.string(), "(unreadable)",
          fmt::format("a point's summary.json as bcssim writes it ({}): run the point again", json_error_text(e)));
    } catch (const std::exception& e) {
      throw ScenarioError(
          file.string(), "(unreadable)",
          fmt::format("a point's summary.json as bcssim writes it ({}): run the point again", e.what()));
    }
    const auto field = [&](const char* key) -> const nlohmann::json* {
      return summary.is_object() && summary.contains(key) ? &summary.at(key) : nullptr;
    };
    const nlohmann::json* digest = field("digest");
    if (digest == nullptr || !digest->is_string() || digest->get<std::string>().size() != 16 ||
        digest->get<std::string>().find_first_not_of("0123456789abcdef") != std::string::npos)
      throw ScenarioError(file.string() + ": digest", digest == nullptr ? std::string("(none)") : digest->dump(),
                          "16 lowercase hex digits, as bcssim writes them: run the point again");
    for (const char* key : {"simulated_time_ns", "events"})
      if (const nlohmann::json* v = field(key); v == nullptr || !v->is_number_integer() || v->get<std::int64_t>() < 0)
        throw ScenarioError(fmt::format("{}: {}", file.string(), key), v == nullptr ? std::string("(none)") : v->dump(),
                            "a whole number of at least 0, as bcssim writes it: run the point again");
    // Its table: a run cut short, or a file emptied, holds no header to merge under (issue 67 item 7).
    const fs::path runs = point / "runs.csv";
    if (const bool present = fs::is_regular_file(runs, ec); !present || fs::file_size(runs, ec) == 0)
      throw ScenarioError(runs.string(), present ? "(empty)" : "(missing)",
                          "the table the point's run writes, a header and its rows; " + run_again(i, point));
    // Its figures as its run wrote them: a file whose bytes no longer hash to what the point's manifest records
    // was edited, and its figures (a time, a digest) would become the study's.
    if (const std::vector<std::string> edited = edited_data(point); !edited.empty())
      throw ScenarioError((point / edited.front()).string(), "(edited since the point's run wrote it)",
                          fmt::format("the file as bcssim wrote it, whose XXH3-128 the point's {} records; {}",
                                      kManifest, run_again(i, point)));
  }
}

std::string why_not_reusable(const Study& study, std::size_t i, const std::filesystem::path& point)
{
  std::error_code ec;
  if (!is_results_folder(point) || !std::filesystem::is_regular_file(point / "digest", ec))
    return "is incomplete";
  if (!edited_data(point).empty())
    return "has files edited since its run";
  std::ifstream in = base::input_file(point / "summary.json");
  std::stringstream text;
  text << in.rdbuf();
  try {
    check_point_scenario(study, i, nlohmann::json::parse(text.str()));
  } catch (const nlohmann::json::exception&) {
    return "is incomplete";
  } catch (const std::exception&) {
    return "was run with other parameters";
  }
  return "";
}

} // namespace bcssim::sim
