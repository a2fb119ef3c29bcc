#include "sim/study/same_runs.hpp"

#include "base/visible_text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <vector>

namespace bcssim::sim {
namespace {

constexpr std::size_t kPointsNamed = 3; // per group; the others are counted

// A label is "path=value" per dimension, in the dimensions' order, joined by spaces (Study::label): each value is
// what lies between its "path=" and the next dimension's " path=".
std::vector<std::string> label_values(const std::string& label, const std::vector<std::string>& paths)
{
  std::vector<std::string> values;
  std::size_t at = 0;
  for (std::size_t d = 0; d < paths.size(); ++d) {
    const std::string head = (d ? " " : "") + paths[d] + "=";
    if (label.compare(at, head.size(), head) != 0)
      return {};
    const std::size_t begin = at + head.size();
    const std::size_t end = d + 1 < paths.size() ? label.find(" " + paths[d + 1] + "=", begin) : label.size();
    if (end == std::string::npos)
      return {};
    values.push_back(label.substr(begin, end - begin));
    at = end;
  }
  return values;
}

} // namespace

std::string same_run_notes(const nlohmann::json& summary)
{
  if (!summary.contains("points") || !summary.contains("study"))
    return "";
  std::vector<std::string> paths;
  for (const auto& d : summary.at("study").at("dimensions"))
    paths.push_back(d.at("path").get<std::string>());
  std::map<std::string, std::vector<std::size_t>> by_digest; // digest: the points' positions, in point order
  std::vector<std::size_t> first_seen;                       // the groups in the order of their first point
  const auto& points = summary.at("points");
  for (std::size_t i = 0; i < points.size(); ++i) {
    auto& group = by_digest[points[i].at("digest").get<std::string>()];
    if (group.empty())
      first_seen.push_back(i);
    group.push_back(i);
  }
  std::string out;
  for (std::size_t first : first_seen) {
    const std::string digest = points[first].at("digest").get<std::string>();
    const std::vector<std::size_t>& group = by_digest.at(digest);
    if (group.size() < 2)
      continue;
    std::string named;
    for (std::size_t k = 0; k < group.size() && k < kPointsNamed; ++k)
      named += fmt::format("{}#{} ({})", k ? ", " : "", points[group[k]].at("point").get<std::size_t>(),
                           base::visible(points[group[k]].at("label").get<std::string>()));
    if (group.size() > kPointsNamed)
      named += fmt::format(" and {} more", group.size() - kPointsNamed);
    // The swept paths whose values differ within the group: what made no difference.
    std::set<std::size_t> differing;
    const auto reference = label_values(points[first].at("label").get<std::string>(), paths);
    for (std::size_t k : group) {
      const auto values = label_values(points[k].at("label").get<std::string>(), paths);
      for (std::size_t d = 0; d < values.size() && d < reference.size(); ++d)
        if (values[d] != reference[d])
          differing.insert(d);
    }
    std::string what;
    for (std::size_t d : differing)
      what += (what.empty() ? "" : ", ") + paths[d];
    out += fmt::format("same run: points {} have one digest ({}){}\n", named, digest,
                       what.empty() ? std::string() : fmt::format(": {} changed nothing the model did there", what));
  }
  return out;
}

} // namespace bcssim::sim
