#pragma once
// Replicated points (a study's `replicates`): the points that differ only in their seed, and the mean, standard
// deviation and 95 % confidence interval of a value over them (Student's t, as for any small sample).
#include "sim/study/study.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::sim {

struct ReplicateStats {
  std::size_t n = 0;
  double mean = 0;
  double sd = 0;   // sample standard deviation (n - 1); 0 for one value
  double ci95 = 0; // half-width of the 95 % confidence interval of the mean: t(0.975, n - 1) x sd / sqrt(n)
};

/// Student's t quantile t(0.975, df), df >= 1: exact to 3 decimals from a table up to 30, then the
/// Cornish-Fisher expansion (error < 1e-4).
double t975(std::size_t df);

ReplicateStats replicate_stats(const std::vector<double>& values);

/// The study's points grouped by every coordinate but the replicate one: each group in seed order, the groups
/// in the order of their first points. Without replicates, one group per point.
std::vector<std::vector<std::size_t>> replicate_groups(const Study& st);

/// One group of replicate_groups with its statistics: of its points' times (s) and, on the compared backend's
/// points, of their slowdowns over their twins on the baseline (a fraction).
struct ReplicateGroup {
  std::vector<std::size_t> points;
  ReplicateStats time;
  std::optional<ReplicateStats> slowdown;
};

/// The groups of replicate_groups with their statistics; `slowdown[i]` is NaN where point i has none.
std::vector<ReplicateGroup> replicate_summary(const Study& st, const std::vector<double>& time_s,
                                              const std::vector<double>& slowdown);

/// replicates.csv and the summary's "replicates": per group, its coordinates but the seed, then n and the mean,
/// sd and ci95 of the time and of the slowdown (empty cells where there is none).
void replicates_table(const Study& st, const std::vector<ReplicateGroup>& groups, std::string& csv,
                      nlohmann::json& json);

} // namespace bcssim::sim
