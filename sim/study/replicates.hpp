#pragma once
// Replicated points (a study's `replicates`): the points that differ only in their seed, and the mean, standard
// deviation and 95 % confidence interval of a value over them (Student's t, as for any small sample).
#include "sim/study/study.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
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

/// replicates.csv and the summary's "replicates": per group of `groups`, its coordinates but the seed, then n and
/// the mean, sd and ci95 of each point's time (s) and, where `slowdown` is a number (the compared backend's
/// points), of its slowdown over its twin on the baseline (a fraction; empty cells elsewhere).
void replicates_table(const Study& st, const std::vector<std::vector<std::size_t>>& groups,
                      const std::vector<double>& time_s, const std::vector<double>& slowdown, std::string& csv,
                      nlohmann::json& json);

} // namespace bcssim::sim
