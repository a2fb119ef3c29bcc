#include "sim/report/account.hpp"
#include "base/input_file.hpp"

#include "base/units.hpp"
#include "sim/config/scenario.hpp"
#include "sim/output/csv_table.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <vector>

namespace bcssim::sim::report {
namespace fs = std::filesystem;

CallKind call_kind(const std::string& p)
{
  static const std::array<const char*, 15> collectives = {
      "MPI_Barrier",   "MPI_Bcast",      "MPI_Reduce",         "MPI_Allreduce", "MPI_Alltoall",
      "MPI_Alltoallv", "MPI_Gather",     "MPI_Gatherv",        "MPI_Scatter",   "MPI_Scatterv",
      "MPI_Allgather", "MPI_Allgatherv", "MPI_Reduce_scatter", "MPI_Scan",      "MPI_Exscan"};
  for (const char* c : collectives)
    if (p == c)
      return CallKind::collective;
  if (p.rfind("MPI_Wait", 0) == 0)
    return CallKind::wait;
  if (p.rfind("MPI_I", 0) == 0 || p.rfind("MPI_Test", 0) == 0)
    return CallKind::non_blocking;
  return CallKind::blocking_p2p; // MPI_Send, MPI_Recv, MPI_Sendrecv, MPI_Probe, ...
}

double first_order_slowdown(double blocking_per_rank, double slice_s, double baseline_s)
{
  return 1.5 * slice_s * blocking_per_rank / baseline_s;
}

namespace {

// The parts of `s` between the separators `by`, trimmed, the empty ones left out.
std::vector<std::string> words(const std::string& s, char by)
{
  std::vector<std::string> out = split(s, by);
  out.erase(std::remove(out.begin(), out.end(), ""), out.end());
  return out;
}

struct Entry {
  std::string label;
  fs::path study;
  std::vector<std::string> filters; // COLUMN=VALUE
};

Entry parse_entry(const std::string& text, const std::string& where)
{
  const auto eq = text.find('=');
  const std::vector<std::string> rest =
      eq == std::string::npos ? std::vector<std::string>{} : words(text.substr(eq + 1), ' ');
  if (rest.empty() || (rest.size() > 1 && rest[1] != "where"))
    throw ScenarioError(where, text, "LABEL=STUDY_FOLDER [where COLUMN=VALUE ...]");
  return Entry{
      trim(text.substr(0, eq)), rest[0],
      std::vector<std::string>(rest.begin() + std::min<std::ptrdiff_t>(2, std::ptrdiff_t(rest.size())), rest.end())};
}

double number(const std::string& cell, const std::string& file, const std::string& where)
{
  try {
    return std::stod(cell);
  } catch (const std::exception&) {
    throw ScenarioError(where, cell, "a number in " + file);
  }
}

// One point's calls: per kind, calls and simulated seconds summed over the ranks.
struct KindTotals {
  std::map<CallKind, double> calls, seconds;
};

KindTotals profile_totals(const fs::path& file, const std::string& where)
{
  const Csv csv = read_csv(file, where);
  const std::size_t name = csv.index("primitive", where), count = csv.index("count", where),
                    total = csv.index("total_ms", where);
  KindTotals t;
  for (CallKind k : {CallKind::blocking_p2p, CallKind::wait, CallKind::collective, CallKind::non_blocking})
    t.calls[k] = t.seconds[k] = 0;
  for (const auto& row : csv.rows) {
    const CallKind k = call_kind(row[name]);
    t.calls[k] += number(row[count], csv.file, where);
    t.seconds[k] += number(row[total], csv.file, where) * 1e-3;
  }
  return t;
}

// Blocking calls (point-to-point and collectives) and waits by the slice boundaries they spanned.
struct Slices {
  std::map<double, double> blocking, waits; // calls by slices spanned
  double blocking_calls = 0, wait_calls = 0;
};

// The median of a histogram (the lower middle value): robust to the few calls that wait long for the slowest
// rank, which a mean would be dominated by.
std::string median(const std::map<double, double>& histogram, double calls)
{
  if (calls <= 0)
    return "–";
  double seen = 0;
  for (const auto& [slices, n] : histogram)
    if ((seen += n) >= calls / 2)
      return fmt::format("{:.0f}", slices);
  return "–";
}

Slices call_slices(const fs::path& file, const std::string& where)
{
  const Csv csv = read_csv(file, where);
  const std::size_t name = csv.index("primitive", where), slices = csv.index("slices", where),
                    calls = csv.index("calls", where);
  Slices s;
  for (const auto& row : csv.rows) {
    const CallKind k = call_kind(row[name]);
    const double n = number(row[slices], csv.file, where), c = number(row[calls], csv.file, where);
    if (k == CallKind::blocking_p2p || k == CallKind::collective) {
      s.blocking[n] += c;
      s.blocking_calls += c;
    } else if (k == CallKind::wait) {
      s.waits[n] += c;
      s.wait_calls += c;
    }
  }
  return s;
}

double slice_of(const fs::path& summary, const std::string& where)
{
  std::ifstream in = base::input_file(summary, std::ios::in);
  if (!in)
    throw ScenarioError(where, summary.string(), "a point's summary.json (run the study)");
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  const nlohmann::json::json_pointer ptr("/scenario/bcs/runtime/slice");
  if (j.is_discarded() || !j.contains(ptr) || !j.at(ptr).is_string())
    throw ScenarioError(where, summary.string(), "a summary.json with scenario.bcs.runtime.slice");
  const auto slice = base::parse_quantity(base::Quantity::time, j.at(ptr).get<std::string>());
  if (!slice || *slice <= 0)
    throw ScenarioError(where, summary.string(), "a positive bcs.runtime.slice");
  return *slice;
}

// Signed, one decimal, never "-0.0".
std::string signed1(double v) { return std::fabs(v) < 0.05 ? "0.0" : fmt::format("{:+.1f}", v); }
std::string percent(double v) { return signed1(v * 100) + " %"; }
std::string points(double v) { return signed1(v * 100); }

} // namespace

std::string account_table(const std::string& text, const fs::path& root, const std::string& where)
{
  std::string rates = "| program | baseline (s) | BCS-MPI (s) | blocking p2p /s/rank | waits /s/rank | collectives "
                      "/s/rank | first-order | simulated | simulated − first-order (points) |\n"
                      "|---|---|---|---|---|---|---|---|---|\n";
  std::string parts = "| program | blocking p2p | waits | collectives | elsewhere | blocking calls taking 0 / 1 / 2 / "
                      "≥ 3 slices | median slices per blocking call | median slices per wait |\n"
                      "|---|---|---|---|---|---|---|---|\n";
  const std::vector<std::string> entries = words(text.substr(text.find(' ') + 1), ';');
  if (entries.empty())
    throw ScenarioError(where, text, "{{account LABEL=STUDY_FOLDER [where COLUMN=VALUE ...]; ...}}");
  for (const std::string& entry_text : entries) {
    const Entry e = parse_entry(entry_text, where);
    const Csv slow = read_csv(root / e.study / "slowdowns.csv", where);
    const auto rows = select_rows(slow, e.filters, where);
    if (rows.size() != 1)
      throw ScenarioError(where, entry_text, "a `where` matching one row of " + slow.file);
    const std::vector<std::string>* row = rows.front();
    const auto point_dir = [&](const std::string& column) {
      return root / e.study / "points" /
             fmt::format("{:04d}", int(number((*row)[slow.index(column, where)], slow.file, where)));
    };
    // slowdowns.csv names its backends in its first two columns: point_<baseline>, point_<compared> (study_merge).
    if (slow.header.size() < 2 || slow.header[0].rfind("point_", 0) != 0 || slow.header[1].rfind("point_", 0) != 0)
      throw ScenarioError(where, slow.file, "a slowdowns.csv starting with point_<baseline>,point_<compared>");
    const std::string base_mpi = slow.header[0].substr(6), bcs_mpi = slow.header[1].substr(6);
    const fs::path base_point = point_dir("point_" + base_mpi), bcs_point = point_dir("point_" + bcs_mpi);
    const double t_base = number((*row)[slow.index("time_" + base_mpi + "_s", where)], slow.file, where);
    const double t_bcs = number((*row)[slow.index("time_" + bcs_mpi + "_s", where)], slow.file, where);
    const double simulated = t_bcs / t_base - 1;
    const Csv runs = read_csv(bcs_point / "runs.csv", where);
    const double ranks = number(runs.rows.at(0)[runs.index("processes", where)], runs.file, where);
    const double slice = slice_of(bcs_point / "summary.json", where);
    const KindTotals base = profile_totals(base_point / "profile.csv", where);
    const KindTotals bcs = profile_totals(bcs_point / "profile.csv", where);
    const auto per_rank_per_s = [&](CallKind k) { return fmt::format("{:.1f}", bcs.calls.at(k) / ranks / t_base); };
    const double blocking = (bcs.calls.at(CallKind::blocking_p2p) + bcs.calls.at(CallKind::collective)) / ranks;
    const double predicted = first_order_slowdown(blocking, slice, t_base);
    rates += fmt::format("| {} | {:.3f} | {:.3f} | {} | {} | {} | {} | {} | {} |\n", e.label, t_base, t_bcs,
                         per_rank_per_s(CallKind::blocking_p2p), per_rank_per_s(CallKind::wait),
                         per_rank_per_s(CallKind::collective), percent(predicted), percent(simulated),
                         points(simulated - predicted));
    // The excess per kind: what BCS-MPI's calls of that kind took beyond the baseline's, per rank, in points of
    // the baseline's run time; "elsewhere" is the rest of the difference (the makespan is the slowest rank's).
    double accounted = 0;
    std::string cells;
    for (CallKind k : {CallKind::blocking_p2p, CallKind::wait, CallKind::collective}) {
      const double extra = (bcs.seconds.at(k) - base.seconds.at(k)) / ranks / t_base;
      accounted += extra;
      cells += " " + points(extra) + " |";
    }
    cells += " " + points(simulated - accounted) + " |";
    const Slices s = call_slices(bcs_point / "call_slices.csv", where);
    const auto share = [&](double n) { // of the blocking calls spanning n slices (n = 3: 3 or more)
      double calls = 0;
      for (const auto& [slices, c] : s.blocking)
        calls += slices == n || (n == 3 && slices > 3) ? c : 0;
      return s.blocking_calls > 0 ? calls / s.blocking_calls * 100 : 0.0;
    };
    parts +=
        fmt::format("| {} |{} {:.0f} / {:.0f} / {:.0f} / {:.0f} % | {} | {} |\n", e.label, cells, share(0), share(1),
                    share(2), share(3), median(s.blocking, s.blocking_calls), median(s.waits, s.wait_calls));
  }
  return "**Calls per second per rank (on the baseline's run time), the first-order prediction and the simulated "
         "slowdown**\n\n" +
         rates +
         "\n**Where the simulated difference is** (BCS-MPI's time in each kind of call beyond the baseline's, "
         "per rank, in points of the baseline's run time), **and how many slices the calls took** "
         "(BCS-MPI; a call spanning n strobes took n slices)\n\n" +
         parts;
}

} // namespace bcssim::sim::report
