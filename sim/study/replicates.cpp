#include "sim/study/replicates.hpp"

#include "sim/output/fixed_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <string>

namespace bcssim::sim {

double t975(std::size_t df)
{
  // t(0.975, df) for df = 1..30 (any statistics table).
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0)
    return 0;
  if (df <= 30)
    return table[df - 1];
  const double z = 1.959963984540054, n = double(df);
  return z + (z * z * z + z) / (4 * n) + (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n);
}

ReplicateStats replicate_stats(const std::vector<double>& values)
{
  ReplicateStats s;
  s.n = values.size();
  if (s.n == 0)
    return s;
  for (double v : values)
    s.mean += v;
  s.mean /= double(s.n);
  if (s.n < 2)
    return s;
  double squares = 0;
  for (double v : values)
    squares += (v - s.mean) * (v - s.mean);
  s.sd = std::sqrt(squares / double(s.n - 1));
  s.ci95 = t975(s.n - 1) * s.sd / std::sqrt(double(s.n));
  return s;
}

std::vector<std::vector<std::size_t>> replicate_groups(const Study& st)
{
  std::size_t dim = st.dimensions().size();
  for (std::size_t d = 0; d < st.dimensions().size(); ++d)
    if (st.dimensions()[d].replicate)
      dim = d;
  std::vector<std::vector<std::size_t>> groups;
  if (dim == st.dimensions().size()) { // no replicates: one point each (a study may have 10,000)
    for (std::size_t i = 0; i < st.size(); ++i)
      groups.push_back({i});
    return groups;
  }
  std::map<std::string, std::size_t> group_of; // the coordinates but the seed, as JSON text
  for (std::size_t i = 0; i < st.size(); ++i) {
    auto key = st.coordinates(i);
    key.erase(key.begin() + std::ptrdiff_t(dim));
    const auto [it, added] = group_of.emplace(nlohmann::json(key).dump(), groups.size());
    if (added)
      groups.emplace_back();
    groups[it->second].push_back(i);
  }
  return groups;
}

std::vector<ReplicateGroup> replicate_summary(const Study& st, const std::vector<double>& time_s,
                                              const std::vector<double>& slowdown)
{
  std::vector<ReplicateGroup> out;
  for (std::vector<std::size_t>& points : replicate_groups(st)) {
    std::vector<double> times, slowdowns;
    for (std::size_t i : points) {
      times.push_back(time_s.at(i));
      if (!std::isnan(slowdown.at(i)))
        slowdowns.push_back(slowdown.at(i));
    }
    ReplicateGroup g{std::move(points), replicate_stats(times), std::nullopt};
    if (!slowdowns.empty())
      g.slowdown = replicate_stats(slowdowns);
    out.push_back(std::move(g));
  }
  return out;
}

void replicates_table(const Study& st, const std::vector<ReplicateGroup>& groups, std::string& csv,
                      nlohmann::json& json)
{
  csv.clear();
  for (const SweepDimension& d : st.dimensions())
    if (!d.replicate)
      csv += d.path + ",";
  csv += "n,time_mean_s,time_sd_s,time_ci95_s,slowdown_mean,slowdown_sd,slowdown_ci95\n";
  json = nlohmann::json::array();
  const auto ns = [](double s) { return std::stod(fmt::format("{:.9f}", s)); }; // times to the ns, as runs.csv
  for (const ReplicateGroup& g : groups) {
    const ReplicateStats& t = g.time;
    std::string label;
    const auto coords = st.coordinates(g.points.front());
    for (std::size_t d = 0; d < coords.size(); ++d) {
      if (st.dimensions()[d].replicate)
        continue;
      csv += coordinate_cell(coords[d]) + ",";
      label += (label.empty() ? "" : " ") + st.dimensions()[d].path + "=" + coordinate_cell(coords[d]);
    }
    nlohmann::json row = {{"label", label},
                          {"n", t.n},
                          {"time_mean_s", ns(t.mean)},
                          {"time_sd_s", ns(t.sd)},
                          {"time_ci95_s", ns(t.ci95)}};
    csv += fmt::format("{},{:.9f},{:.9f},{:.9f}", t.n, t.mean, t.sd, t.ci95);
    if (!g.slowdown) {
      csv += ",,,\n";
    } else {
      const ReplicateStats& s = *g.slowdown;
      csv += fmt::format(",{},{},{}\n", fixed4_text(s.mean), fixed4_text(s.sd), fixed4_text(s.ci95));
      row["slowdown_mean"] = fixed4(s.mean);
      row["slowdown_sd"] = fixed4(s.sd);
      row["slowdown_ci95"] = fixed4(s.ci95);
    }
    json.push_back(row);
  }
}

} // namespace bcssim::sim
