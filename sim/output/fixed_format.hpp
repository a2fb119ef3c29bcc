#pragma once
// Results print numbers with a fixed 4 decimals, so every output byte depends only on the simulated history.
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bcssim::sim {

inline std::string fixed4_text(double v) { return fmt::format("{:.4f}", v); }
/// The value as printed with 4 decimals, for JSON figures.
inline double fixed4(double v) { return std::stod(fixed4_text(v)); }

/// A wide CSV: a key column, then one column per name, cells with 4 decimals, empty where a (key, name) pair
/// was not measured. Rows in increasing key order.
inline std::string wide_csv(const std::string& key, const std::vector<std::string>& names,
                            const std::map<std::uint64_t, std::map<std::string, double>>& rows)
{
  std::string csv = key;
  for (const auto& n : names)
    csv += "," + csv_cell(n); // a column named after a series: quoted if it must be
  csv += "\n";
  for (const auto& [k, row] : rows) {
    csv += std::to_string(k);
    for (const auto& n : names) {
      auto it = row.find(n);
      csv += it == row.end() ? "," : "," + fixed4_text(it->second);
    }
    csv += "\n";
  }
  return csv;
}

} // namespace bcssim::sim
