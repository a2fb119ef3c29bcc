#include "sim/kinds/app/app_report.hpp"

#include "sim/output/csv.hpp"
#include "sim/output/fixed_format.hpp"

#include <fmt/format.h>

namespace bcssim::sim {

std::string app_csv(const std::vector<AppResult>& runs)
{
  std::string csv = "app,variant,mpi,processes,nodes,time_s\n";
  for (const AppResult& r : runs)
    csv += fmt::format("{},{},{},{},{},{:.9f}\n", csv_cell(r.app), csv_cell(r.variant), csv_cell(r.mpi), r.processes,
                       r.nodes, double(r.time_ns) * 1e-9); // a variant is a trace's name: quoted
  return csv;
}

std::string app_profile_csv(const AppResult& run)
{
  std::string csv = "primitive,count,bytes,min_ms,max_ms,total_ms,average_ms\n";
  for (const auto& [name, s] : run.profile)
    csv += fmt::format("{},{},{},{},{},{},{}\n", csv_cell(name), s.count, s.bytes, fixed4_text(s.min * 1e3),
                       fixed4_text(s.max * 1e3), fixed4_text(s.total * 1e3),
                       fixed4_text(s.count ? s.total * 1e3 / double(s.count) : 0.0));
  return csv;
}

std::string app_call_slices_csv(const AppResult& run)
{
  std::string csv = "primitive,slices,calls\n";
  for (const auto& [name, s] : run.profile)
    for (const auto& [slices, calls] : s.boundaries)
      csv += fmt::format("{},{},{}\n", csv_cell(name), slices, calls);
  return csv;
}

nlohmann::json app_figures(const AppResult& run)
{
  nlohmann::json profile = nlohmann::json::object();
  for (const auto& [name, s] : run.profile)
    profile[name] = {{"count", s.count}, {"bytes", s.bytes}, {"total_ms", fixed4(s.total * 1e3)}};
  return {{"app", run.app},         {"variant", run.variant},
          {"mpi", run.mpi},         {"processes", run.processes},
          {"nodes", run.nodes},     {"time_s", double(run.time_ns) * 1e-9},
          {"time_ns", run.time_ns}, {"profile", profile}};
}

} // namespace bcssim::sim
