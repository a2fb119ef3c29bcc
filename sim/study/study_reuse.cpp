#include "sim/study/study_reuse.hpp"
#include "base/input_file.hpp"

#include "sim/driver/run.hpp"
#include "sim/output/results_manifest.hpp"
#include "sim/output/results_marker.hpp"
#include "sim/study/point_check.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace bcssim::sim {
namespace fs = std::filesystem;
namespace {

nlohmann::json read_json(const fs::path& file)
{
  std::ifstream in = base::input_file(file);
  std::stringstream s;
  s << in.rdbuf();
  return nlohmann::json::parse(s.str(), nullptr, false); // discarded (is_discarded) when not JSON
}

} // namespace

std::string why_not_current(const Study& study, const fs::path& dir)
{
  std::error_code ec;
  if (!fs::exists(dir, ec))
    return "no results there yet";
  if (!is_results_folder(dir))
    return "not a results folder";
  const nlohmann::json info = read_json(dir / "run-info.json");
  if (info.is_discarded() || !info.contains("binary") || info["binary"] != binary_hash())
    return "made by another binary";
  for (std::size_t i = 0; i < study.size(); ++i)
    if (const std::string why = why_not_reusable(study, i, study.single() ? dir : dir / point_folder(i)); !why.empty())
      return "point " + std::to_string(i) + " " + why;
  // The study's own merged files (runs.csv, summary.json) as well as its points' (hostile pass of 2026-12-07,
  // finding 10: an edited merged runs.csv was reused).
  if (const auto edited = edited_data(dir); !edited.empty())
    return edited.front() + " was edited since its run";
  return "";
}

} // namespace bcssim::sim
