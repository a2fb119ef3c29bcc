#include "sim/study/headline.hpp"
#include "base/input_file.hpp"
#include "base/visible_text.hpp"

#include "sim/kinds/registry.hpp"
#include "sim/study/same_runs.hpp"
#include "sim/study/study.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace bcssim::sim {
namespace {

nlohmann::json read_summary(const std::filesystem::path& file)
{
  std::ifstream in = base::input_file(file, std::ios::in);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

// One line, whatever a name in it holds: a newline of a trace's name split the headline (issue 67's re-check).
std::string line_of(const nlohmann::json& summary, const std::string& kind)
{
  const Kind& k = find_kind(kind);
  return k.headline ? base::visible(k.headline(summary)) : "";
}

} // namespace

std::string headline(const std::filesystem::path& results)
{
  const nlohmann::json summary = read_summary(results / "summary.json");
  if (!summary.contains("study")) {
    const std::string line = line_of(summary, summary.at("scenario").at("kind").get<std::string>());
    return line.empty() ? "" : line + "\n";
  }
  const std::string kind = summary.at("scenario_of_point_0").at("kind").get<std::string>();
  const auto& points = summary.at("points");
  std::string out;
  for (std::size_t i = 0; i < points.size() && i < kHeadlinePoints; ++i) {
    const auto& p = points[i];
    const std::string folder = point_folder(p.at("point").get<std::size_t>());
    const std::string line = line_of(read_summary(results / folder / "summary.json"), kind);
    if (line.empty())
      return "";
    out += fmt::format("#{} {}: {}\n", p.at("point").get<int>(), base::visible(p.at("label").get<std::string>()), line);
  }
  // A comparison's figure: the slowdown of the last backend over the first (the "mpi" dimension's values).
  if (summary.contains("slowdowns") && !summary.at("slowdowns").empty()) {
    std::vector<std::string> backends;
    for (const auto& d : summary.at("study").at("dimensions"))
      if (d.at("path") == "mpi")
        for (const auto& v : d.at("values"))
          backends.push_back(v.get<std::string>());
    const auto& slowdowns = summary.at("slowdowns");
    for (std::size_t i = 0; i < slowdowns.size() && i < kHeadlinePoints && backends.size() >= 2; ++i) {
      const auto& s = slowdowns[i];
      out += fmt::format(
          "slowdown of {} over {}{}: {:+.1f} %\n", backends.back(), backends.front(),
          s.at("label").get<std::string>().empty() ? "" : ", " + base::visible(s.at("label").get<std::string>()),
          s.at("slowdown").get<double>() * 100);
    }
  }
  if (points.size() > kHeadlinePoints)
    out += fmt::format("(and {} more {}: see points.csv and runs.csv)\n", points.size() - kHeadlinePoints,
                       points.size() - kHeadlinePoints == 1 ? "point" : "points");
  return out + same_run_notes(summary);
}

} // namespace bcssim::sim
