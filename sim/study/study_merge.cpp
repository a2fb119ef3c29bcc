#include "sim/study/study_merge.hpp"
#include "base/input_file.hpp"

#include "mpi/backend.hpp"
#include "sim/config/params.hpp"
#include "sim/config/scenario.hpp"
#include "sim/kinds/registry.hpp"
#include "sim/output/csv.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/json_numbers.hpp"
#include "sim/output/plot.hpp"
#include "sim/output/provenance.hpp"
#include "sim/study/point_check.hpp"
#include "sim/study/replicates.hpp"
#include "sim/study/study_bars.hpp"
#include "sim/study/study_plot.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace bcssim::sim {
namespace fs = std::filesystem;
namespace {

std::string slurp(const fs::path& file, const std::string& shown = "")
{
  std::ifstream in = base::input_file(file);
  if (!in) // a point folder whose run did not finish, or was tampered with: bad input, named
    throw ScenarioError(shown.empty() ? file.string() : shown, "(missing or unreadable)",
                        "the file a point's `bcssim run --point` writes: run that point again");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct PointData {
  nlohmann::json summary;
  std::vector<std::string> header; // of its runs.csv, and its rows: RFC 4180 records, quotes removed
  std::vector<std::vector<std::string>> rows;
};

// A point's files, checked against each other: its runs.csv rectangular, its digest file the one its summary
// records (merge copies both into the study, and a damaged point must not become a study's result).
PointData read_point(const fs::path& root, std::size_t i)
{
  // Named relative to the study's folder (merge reads its points from a temporary copy of it).
  const fs::path folder = root / point_folder(i);
  const std::string name = point_folder(i);
  PointData p;
  p.summary = nlohmann::json::parse(slurp(folder / "summary.json"));
  // Records, not lines: a cell bcssim quoted may hold a comma or a line end (a trace named "a,b.txt", issue 67).
  std::vector<CsvRecord> records = csv_records(slurp(folder / "runs.csv", name + "/runs.csv"), name + "/runs.csv");
  if (records.empty())
    throw ScenarioError(name + "/runs.csv", "(empty)",
                        "a header and rows, as a point's `bcssim run --point` writes it: run that point again");
  p.header = std::move(records[0].cells);
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].cells.size() != p.header.size())
      throw ScenarioError(
          fmt::format("{}/runs.csv:{}", name, records[r].line), csv_row(records[r].cells),
          fmt::format("a row of {} cells like its header, as bcssim writes it: run that point again", p.header.size()));
    p.rows.push_back(std::move(records[r].cells));
  }
  const fs::path digest_file = folder / "digest";
  const std::string recorded = p.summary.at("digest").get<std::string>();
  if (std::error_code ec; fs::exists(digest_file, ec))
    if (const std::string written = slurp(digest_file); written != recorded + "\n")
      throw ScenarioError(name + "/digest", written.substr(0, 40),
                          fmt::format("{}, the digest its summary.json records: run that point again", recorded));
  return p;
}

// The point's runs.csv columns the study keeps: not those named like a swept dimension (e.g. the run's own "mpi"
// column beside the "mpi" coordinate of a comparison), which would repeat it under the same name.
std::vector<bool> kept_columns(const std::vector<std::string>& header, const std::vector<SweepDimension>& dims)
{
  std::vector<bool> keep;
  for (const std::string& name : header)
    keep.push_back(std::none_of(dims.begin(), dims.end(), [&](const SweepDimension& d) { return d.path == name; }));
  return keep;
}

// The kept cells written again as the point wrote them (csv_cell quotes only what must be: the same bytes).
std::string kept_cells(const std::vector<std::string>& cells, const std::vector<bool>& keep)
{
  std::vector<std::string> kept;
  for (std::size_t c = 0; c < cells.size(); ++c)
    if (c >= keep.size() || keep[c])
      kept.push_back(cells[c]);
  return csv_row(kept);
}

// The numeric value of a dimension at a point, in the unit the plots use (ms for times), and that unit.
double plot_value(const Study& st, std::size_t point, const std::string& path, std::string& unit)
{
  const ParamSpec* spec = find_param(path);
  const Scenario& sc = st.point(point);
  if (spec->type == ParamType::quantity) {
    unit = spec->quantity == Quantity::time ? "ms" : std::string(si_unit(spec->quantity));
    return sc.quantity(path) * (spec->quantity == Quantity::time ? 1e3 : 1.0);
  }
  unit = "";
  return spec->type == ParamType::real ? sc.real(path) : double(sc.integer(path));
}

bool numeric(const std::string& path)
{
  const ParamSpec* spec = find_param(path);
  return spec && !spec->list &&
         (spec->type == ParamType::integer || spec->type == ParamType::real || spec->type == ParamType::quantity);
}

// The plots' x axis: the kind's own (Kind::x_path, the processes of an application) when swept, else the first
// numeric dimension that is not the backend.
int x_dimension(const Study& st, const std::string& preferred)
{
  const auto& dims = st.dimensions();
  // The processes when they vary; else a numeric dimension that varies on its own (a single value makes a plot
  // of one x; a dimension linked to others is one coordinate of a tuple, not an axis).
  const auto alone = [&](std::size_t d) {
    return std::count_if(dims.begin(), dims.end(), [&](const auto& o) { return o.group == dims[d].group; }) == 1;
  };
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path == preferred && dims[d].values.size() > 1)
      return int(d);
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path != "mpi" && !dims[d].replicate && numeric(dims[d].path) && dims[d].values.size() > 1 && alone(d))
      return int(d);
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path == preferred)
      return int(d);
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path != "mpi" && numeric(dims[d].path))
      return int(d);
  return -1;
}

// The title of the MPI point `point` ran on ("BCS-MPI").
std::string mpi_title(const Study& st, std::size_t point) { return mpi::backend(st.point(point).mpi()).title; }

// A series' label: the point's coordinates but x's (and the MPI's when `with_mpi` is false); `alone` when nothing
// is left (a single series: the MPI it ran, or the pair a slowdown compares), not "all points" (issue 67 item 15).
std::string series_title(const Study& st, std::size_t point, int x, bool with_mpi, const std::string& alone)
{
  std::string title;
  const auto coords = st.coordinates(point);
  for (std::size_t d = 0; d < coords.size(); ++d) {
    if (int(d) == x || (!with_mpi && st.dimensions()[d].path == "mpi") || st.dimensions()[d].replicate)
      continue;
    title += (title.empty() ? "" : ", ") + (st.dimensions()[d].path == "mpi" ? "" : st.dimensions()[d].path + "=") +
             coordinate_cell(coords[d]);
  }
  return title.empty() ? alone : title;
}

} // namespace

void merge_points(const Study& st, const fs::path& points_root, const ResultsDir& dir)
{
  const auto& dims = st.dimensions();
  std::string dim_header;
  for (const auto& d : dims)
    dim_header += "," + d.path;

  std::vector<PointData> points;
  for (std::size_t i = 0; i < st.size(); ++i) {
    points.push_back(read_point(points_root, i));
    check_point_scenario(st, i, points.back().summary); // the point belongs to this study
  }

  // runs.csv and points.csv, and the study's digest over the points' digests in point order.
  const std::vector<bool> keep = kept_columns(points.at(0).header, dims);
  std::string runs = "point" + dim_header + "," + kept_cells(points.at(0).header, keep) + "\n";
  std::string table = "point" + dim_header + ",digest,simulated_time_ns,events\n";
  XXH3_state_t* hash = XXH3_createState();
  XXH3_64bits_reset(hash);
  nlohmann::json listing = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const PointData& p = points[i];
    if (p.header != points[0].header)
      throw std::runtime_error(fmt::format("point {} has other runs.csv columns than point 0", i));
    std::string coords;
    for (const auto& v : st.coordinates(i))
      coords += "," + coordinate_cell(v);
    for (const auto& row : p.rows)
      runs += std::to_string(i) + coords + "," + kept_cells(row, keep) + "\n";
    const std::string digest = p.summary.at("digest").get<std::string>();
    table += fmt::format("{}{},{},{},{}\n", i, coords, digest, p.summary.at("simulated_time_ns").dump(),
                         p.summary.at("events").dump());
    const std::string line = fmt::format("{},{}\n", i, digest);
    XXH3_64bits_update(hash, line.data(), line.size());
    listing.push_back({{"point", i}, {"label", st.label(i)}, {"digest", digest}});
  }
  const std::string digest = fmt::format("{:016x}", XXH3_64bits_digest(hash));
  XXH3_freeState(hash);
  dir.write("runs.csv", runs);
  dir.write("points.csv", table);
  dir.write("digest", digest + "\n");

  nlohmann::json dimensions = nlohmann::json::array();
  for (const auto& d : dims)
    dimensions.push_back({{"path", d.path}, {"values", d.values}});
  nlohmann::json summary = {
      {"bcssim", {{"version", build_info().version}}},
      {"study",
       {{"name", st.name()}, {"overrides", st.overrides()}, {"compare", st.compare()}, {"dimensions", dimensions}}},
      {"scenario_of_point_0", st.point(0).echo()},
      {"points", listing},
      {"digest", digest}};

  // A kind whose points have a run time (Kind::run_time_s): time per point, and with compare the slowdown of each
  // point on another backend over its twin on the baseline (the first backend): the point with the same
  // coordinates but the backend. Any number of backends: with two, one slowdown column named after each; with
  // more, a row per other backend's point, which names its backend.
  const Kind& kind = find_kind(st.point(0).text("kind"));
  if (kind.run_time_s) {
    const int x = x_dimension(st, kind.x_path);
    std::string unit;
    Series times, slowdowns;
    nlohmann::json slow = nlohmann::json::array();
    const std::vector<std::string> backends = mpi::backend_names();
    const bool pair = backends.size() == 2;
    const std::string base_mpi = backends.front(), other_mpi = pair ? backends.back() : std::string();
    std::size_t mpi_dim = 0;
    while (mpi_dim < dims.size() && dims[mpi_dim].path != "mpi")
      ++mpi_dim;
    std::string other_dims;
    for (std::size_t d = 0; d < dims.size(); ++d)
      if (d != mpi_dim)
        other_dims += "," + dims[d].path;
    std::string slow_csv =
        pair ? fmt::format("point_{0},point_{1}{2},time_{0}_s,time_{1}_s,slowdown\n", base_mpi, other_mpi, other_dims)
             : fmt::format("point_{0},point,mpi{1},time_{0}_s,time_s,slowdown\n", base_mpi, other_dims);
    std::vector<double> time_of(points.size()), slowdown_of(points.size(), std::nan("")), x_of(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double t = kind.run_time_s(points[i].summary);
      const double xv = x >= 0 ? plot_value(st, i, dims[std::size_t(x)].path, unit) : 0.0;
      time_of[i] = t;
      x_of[i] = xv;
      const std::string mpi = st.point(i).text("mpi");
      if (st.compare() && mpi != base_mpi) {
        auto twin_coords = st.coordinates(i);
        twin_coords[mpi_dim] = base_mpi;
        std::size_t j = 0;
        while (st.coordinates(j) != twin_coords)
          ++j;
        const double base = kind.run_time_s(points[j].summary);
        const double s = t / base - 1;
        slowdown_of[i] = s;
        std::string coords;
        const auto c = st.coordinates(i);
        for (std::size_t d = 0; d < c.size(); ++d)
          if (d != mpi_dim)
            coords += "," + coordinate_cell(c[d]);
        slow_csv += fmt::format("{},{}{}{},{:.9f},{:.9f},{}\n", j, i, pair ? "" : "," + csv_cell(mpi), coords, base, t,
                                fixed4_text(s));
        // The point's label without its MPI (the last dimension): "" for a comparison and nothing else.
        const std::string label = st.label(j);
        const std::size_t mpi_at = label.rfind("mpi=");
        nlohmann::json row = {{"label", mpi_at == 0 ? std::string() : label.substr(0, label.rfind(" mpi="))},
                              {"time_" + base_mpi + "_s", base},
                              {"time_" + mpi + "_s", t},
                              {"slowdown", fixed4(s)}};
        if (!pair)
          row["mpi"] = mpi;
        slow.push_back(row);
      }
    }
    if (st.compare()) {
      summary["slowdowns"] = slow;
      dir.write("slowdowns.csv", slow_csv);
    }
    // The plots show each point's value; replicated points, their mean with its 95 % confidence interval.
    const std::vector<ReplicateGroup> groups = replicate_summary(st, time_of, slowdown_of);
    Series time_ci, slowdown_ci;
    for (const ReplicateGroup& g : groups) {
      const std::size_t first = g.points.front();
      const std::string ran = mpi_title(st, first);
      times[series_title(st, first, x, true, ran)][x_of[first]] = g.time.mean;
      time_ci[series_title(st, first, x, true, ran)][x_of[first]] = g.time.ci95;
      if (g.slowdown) {
        const std::string compared =
            pair ? fmt::format("{} over {}", mpi::backend(other_mpi).title, mpi::backend(base_mpi).title) : ran;
        slowdowns[series_title(st, first, x, !pair, compared)][x_of[first]] = g.slowdown->mean;
        slowdown_ci[series_title(st, first, x, !pair, compared)][x_of[first]] = g.slowdown->ci95;
      }
    }
    const bool replicated = st.replicates() > 1;
    if (replicated) {
      std::string csv;
      nlohmann::json json;
      replicates_table(st, groups, csv, json);
      dir.write("replicates.csv", csv);
      summary["replicates"] = json;
    }
    // A noise dimension: how much each point's noise slows it, against its twin at the dimension's first value
    // (the quiet machine when that is none).
    int noise_dim = -1;
    for (std::size_t d = 0; d < dims.size(); ++d)
      if (dims[d].path.rfind("noise.", 0) == 0 && dims[d].values.size() > 1 && noise_dim < 0)
        noise_dim = int(d);
    Series noise_slowdowns;
    if (noise_dim >= 0) {
      const auto nd = std::size_t(noise_dim);
      std::string noise_csv = "point,point_reference" + dim_header + ",time_s,time_reference_s,noise_slowdown\n";
      nlohmann::json noise_json = nlohmann::json::array();
      for (std::size_t i = 0; i < points.size(); ++i) {
        auto twin_coords = st.coordinates(i);
        if (twin_coords[nd] == dims[nd].values.front())
          continue;
        twin_coords[nd] = dims[nd].values.front();
        std::size_t j = 0;
        while (st.coordinates(j) != twin_coords)
          ++j;
        const double t = kind.run_time_s(points[i].summary);
        const double ref = kind.run_time_s(points[j].summary);
        const double s = t / ref - 1;
        const double xv = x >= 0 ? plot_value(st, i, dims[std::size_t(x)].path, unit) : 0.0;
        noise_slowdowns[series_title(st, i, x, true, mpi_title(st, i))][xv] = s;
        std::string coords;
        for (const auto& v : st.coordinates(i))
          coords += "," + coordinate_cell(v);
        noise_csv += fmt::format("{},{}{},{:.9f},{:.9f},{}\n", i, j, coords, t, ref, fixed4_text(s));
        noise_json.push_back(
            {{"label", st.label(i)}, {"time_s", t}, {"time_reference_s", ref}, {"noise_slowdown", fixed4(s)}});
      }
      summary["noise_slowdowns"] = noise_json;
      dir.write("noise_slowdowns.csv", noise_csv);
    }
    if (x >= 0) {
      const std::string xpath = dims[std::size_t(x)].path;
      const std::string xlabel = xpath == kind.x_path && !kind.x_label.empty()
                                     ? kind.x_label
                                     : xpath + (unit.empty() ? "" : " (" + unit + ")");
      double lo = 1e300, hi = 0;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const double v = plot_value(st, i, xpath, unit);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      const PlotAxis axis{xpath + (unit.empty() ? "" : "_" + unit), xlabel, lo > 0 && hi / lo >= 8};
      const std::string what = kind.subject ? kind.subject(st.point(0)) : st.point(0).text("kind");
      write_study_plot(dir, "time", times, axis, PlotValue{"time_s", "run time (s)", 1, 9},
                       fmt::format("{}: {} run time", dir.title(), what), replicated ? &time_ci : nullptr);
      if (st.compare())
        write_study_plot(dir, "slowdown", slowdowns, axis,
                         PlotValue{"slowdown",
                                   pair ? fmt::format("slowdown T_{} / T_{} - 1 (%)", other_mpi, base_mpi)
                                        : fmt::format("slowdown T / T_{} - 1 (%)", base_mpi),
                                   100, 4},
                         pair ? fmt::format("{}: {} slowdown of {} over {}", dir.title(), what,
                                            mpi::backend(other_mpi).title, mpi::backend(base_mpi).title)
                              : fmt::format("{}: {} slowdown over {}", dir.title(), what, mpi::backend(base_mpi).title),
                         replicated ? &slowdown_ci : nullptr);
      if (noise_dim >= 0)
        write_study_plot(
            dir, "noise", noise_slowdowns, axis,
            PlotValue{"noise_slowdown",
                      fmt::format("slowdown by noise T / T({}={}) - 1 (%)", dims[std::size_t(noise_dim)].path,
                                  coordinate_cell(dims[std::size_t(noise_dim)].values.front())),
                      100, 6},
            fmt::format("{}: {} slowed by {}", dir.title(), what, dims[std::size_t(noise_dim)].path));
    } else if (st.compare() && points.size() <= kMostBars) { // nothing numeric to draw lines over
      std::vector<double> seconds;
      for (const auto& p : points)
        seconds.push_back(kind.run_time_s(p.summary));
      write_comparison_bars(dir, st, seconds, kind.subject ? kind.subject(st.point(0)) : st.point(0).text("kind"));
    }
  }
  if (kind.study_report) {
    std::vector<StudyPoint> view;
    for (std::size_t i = 0; i < points.size(); ++i) {
      StudyPoint p{{}, points[i].summary, point_folder(i)};
      const auto values = st.coordinates(i);
      for (std::size_t d = 0; d < dims.size(); ++d)
        p.coordinates.emplace_back(dims[d].path, coordinate_cell(values[d]));
      view.push_back(std::move(p));
    }
    kind.study_report(dir, view, summary);
  }
  tidy_numbers(summary);
  dir.write("summary.json", summary.dump(2) + "\n");
}

} // namespace bcssim::sim
