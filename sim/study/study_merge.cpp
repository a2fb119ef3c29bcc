#include "sim/study/study_merge.hpp"

#include "mpi/backend.hpp"
#include "sim/config/params.hpp"
#include "sim/kinds/registry.hpp"
#include "sim/output/fixed_format.hpp"
#include "sim/output/plot.hpp"
#include "sim/output/provenance.hpp"
#include "sim/study/point_check.hpp"
#include "sim/study/replicates.hpp"

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

std::string slurp(const fs::path& file)
{
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + file.string() + " (did that point run?)");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct PointData {
  nlohmann::json summary;
  std::string header; // of its runs.csv
  std::vector<std::string> rows;
};

PointData read_point(const fs::path& folder)
{
  PointData p;
  p.summary = nlohmann::json::parse(slurp(folder / "summary.json"));
  std::istringstream runs(slurp(folder / "runs.csv"));
  std::getline(runs, p.header);
  for (std::string line; std::getline(runs, line);)
    p.rows.push_back(line);
  return p;
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

// The plots' x axis: app.processes when swept, else the first numeric dimension that is not the backend.
int x_dimension(const Study& st)
{
  const auto& dims = st.dimensions();
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path == "app.processes")
      return int(d);
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d].path != "mpi" && numeric(dims[d].path))
      return int(d);
  return -1;
}

// One line per combination of the other dimensions, in point order: its title and, per x, the value.
class Series {
public:
  std::map<double, double>& operator[](const std::string& title)
  {
    for (auto& [name, line] : lines_)
      if (name == title)
        return line;
    lines_.emplace_back(title, std::map<double, double>{});
    return lines_.back().second;
  }
  /// The line called `title`; an empty one if there is none.
  const std::map<double, double>& line(const std::string& title) const
  {
    static const std::map<double, double> none;
    for (const auto& [name, points] : lines_)
      if (name == title)
        return points;
    return none;
  }
  auto begin() const { return lines_.begin(); }
  auto end() const { return lines_.end(); }

private:
  std::vector<std::pair<std::string, std::map<double, double>>> lines_;
};

std::string series_title(const Study& st, std::size_t point, int x, bool with_mpi)
{
  std::string title;
  const auto coords = st.coordinates(point);
  for (std::size_t d = 0; d < coords.size(); ++d) {
    if (int(d) == x || (!with_mpi && st.dimensions()[d].path == "mpi") || st.dimensions()[d].replicate)
      continue;
    title += (title.empty() ? "" : ", ") + (st.dimensions()[d].path == "mpi" ? "" : st.dimensions()[d].path + "=") +
             coordinate_cell(coords[d]);
  }
  return title.empty() ? "run" : title;
}

// `errors` (replicated studies): the half-width of each value's 95 % confidence interval, drawn as error bars.
void write_plot(const ResultsDir& dir, const std::string& stem, const Series& series, const std::string& xlabel,
                bool log_x, const std::string& ylabel, const std::string& title, const Series* errors = nullptr)
{
  std::vector<std::string> names;
  std::map<double, std::map<std::string, double>> rows, bars;
  double lo = 0, hi = 0; // the y range always shows 0
  for (const auto& [name, points] : series) {
    names.push_back(name);
    for (const auto& [x, y] : points) {
      const std::map<double, double>* bar = errors != nullptr ? &errors->line(name) : nullptr;
      const double e = bar != nullptr && bar->count(x) ? bar->at(x) : 0.0;
      rows[x][name] = y;
      bars[x][name] = e;
      lo = std::min(lo, y - e);
      hi = std::max(hi, y + e);
    }
  }
  const double margin = (hi - lo) * 0.05 + 1e-12;
  // One x value: give gnuplot a range around it (it cannot autoscale an empty one).
  const std::string xrange = rows.size() == 1 ? fmt::format("set xrange [{:g}:{:g}]\n", rows.begin()->first * 0.5,
                                                            rows.begin()->first * 1.5 + 1)
                                              : "";
  std::string csv = "x";
  for (const auto& n : names)
    csv += ",\"" + n + "\"" + (errors != nullptr ? ",\"" + n + " ci95\"" : "");
  csv += "\n";
  for (const auto& [x, row] : rows) {
    csv += fmt::format("{:g}", x);
    for (const auto& n : names) {
      const auto it = row.find(n);
      csv += it == row.end() ? "," : "," + fixed4_text(it->second);
      if (errors != nullptr)
        csv += it == row.end() ? "," : "," + fixed4_text(bars[x][n]);
    }
    csv += "\n";
  }
  dir.write(stem + ".csv", csv);
  std::string plot;
  const std::size_t per_series = errors != nullptr ? 2 : 1;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::size_t column = 2 + i * per_series;
    plot += errors != nullptr
                ? fmt::format("{}'{}.csv' using 1:{}:{} skip 1 with yerrorlines lw 2 pt 7 title '{} (95 % CI)'",
                              i ? ", " : "", stem, column, column + 1, names[i])
                : fmt::format("{}'{}.csv' using 1:{} skip 1 with linespoints lw 2 pt 7 title '{}'", i ? ", " : "",
                              stem, column, names[i]);
  }
  const std::string gp = fmt::format(
      "# {0}. Regenerate with: gnuplot {1}.gp\n"
      "set datafile separator ','\nset grid\nset key outside right top\n"
      "set xlabel '{2}'\nset ylabel '{3}'\nset title '{0}'\n{4}"
      "set yrange [{6}:{7}]\nset xzeroaxis lt -1\nset datafile missing ''\n{5}",
      title, stem, xlabel, ylabel, (log_x ? "set logscale x 2\n" : "") + xrange,
      svg_and_png(stem, 900, 500, "  plot " + plot + "\n", true), fixed4_text(lo - margin), fixed4_text(hi + margin));
  dir.write(stem + ".gp", gp);
  render_gnuplot(dir.path(stem + ".gp").parent_path(), stem + ".gp");
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
    points.push_back(read_point(points_root / point_folder(i)));
    check_point_scenario(st, i, points.back().summary); // the point belongs to this study
  }

  // runs.csv and points.csv, and the study's digest over the points' digests in point order.
  std::string runs = "point" + dim_header + "," + points.at(0).header + "\n";
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
      runs += std::to_string(i) + coords + "," + row + "\n";
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
  nlohmann::json summary = {{"bcssim", {{"version", build_info().version}}},
                            {"study",
                             {{"name", st.name()},
                              {"overrides", st.overrides()},
                              {"compare", st.compare()},
                              {"dimensions", dimensions}}},
                            {"scenario_of_point_0", st.point(0).echo()},
                            {"points", listing},
                            {"digest", digest}};

  // Applications: time per point, and with compare the slowdown of each point on the compared backend over its
  // twin on the baseline (the first backend): the point with the same coordinates but the backend.
  const bool app = st.point(0).text("kind") == "app";
  if (app) {
    const int x = x_dimension(st);
    std::string unit;
    Series times, slowdowns;
    nlohmann::json slow = nlohmann::json::array();
    const std::vector<std::string> backends = mpi::backend_names();
    if (st.compare() && backends.size() != 2)
      throw std::logic_error("the slowdown table compares the baseline with one other backend; with more, give it "
                             "a column per backend");
    const std::string base_mpi = backends.front(), other_mpi = backends.back();
    std::size_t mpi_dim = 0;
    while (mpi_dim < dims.size() && dims[mpi_dim].path != "mpi")
      ++mpi_dim;
    std::string other_dims;
    for (std::size_t d = 0; d < dims.size(); ++d)
      if (d != mpi_dim)
        other_dims += "," + dims[d].path;
    std::string slow_csv = fmt::format("point_{0},point_{1}{2},time_{0}_s,time_{1}_s,slowdown\n", base_mpi,
                                       other_mpi, other_dims);
    std::vector<double> time_of(points.size()), slowdown_of(points.size(), std::nan("")), x_of(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const double t = points[i].summary.at("app").at("time_ns").get<double>() * 1e-9;
      const double xv = x >= 0 ? plot_value(st, i, dims[std::size_t(x)].path, unit) : 0.0;
      time_of[i] = t;
      x_of[i] = xv;
      if (st.compare() && st.point(i).text("mpi") == other_mpi) {
        auto twin_coords = st.coordinates(i);
        twin_coords[mpi_dim] = base_mpi;
        std::size_t j = 0;
        while (st.coordinates(j) != twin_coords)
          ++j;
        const double base = points[j].summary.at("app").at("time_ns").get<double>() * 1e-9;
        const double s = t / base - 1;
        slowdown_of[i] = s;
        std::string coords;
        const auto c = st.coordinates(i);
        for (std::size_t d = 0; d < c.size(); ++d)
          if (d != mpi_dim)
            coords += "," + coordinate_cell(c[d]);
        slow_csv += fmt::format("{},{}{},{:.9f},{:.9f},{}\n", j, i, coords, base, t, fixed4_text(s));
        slow.push_back({{"label", st.label(j).substr(0, st.label(j).rfind(" mpi="))},
                        {"time_" + base_mpi + "_s", base},
                        {"time_" + other_mpi + "_s", t},
                        {"slowdown", fixed4(s)}});
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
      times[series_title(st, first, x, true)][x_of[first]] = g.time.mean;
      time_ci[series_title(st, first, x, true)][x_of[first]] = g.time.ci95;
      if (g.slowdown) {
        slowdowns[series_title(st, first, x, false)][x_of[first]] = 100 * g.slowdown->mean;
        slowdown_ci[series_title(st, first, x, false)][x_of[first]] = 100 * g.slowdown->ci95;
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
        const double t = points[i].summary.at("app").at("time_ns").get<double>() * 1e-9;
        const double ref = points[j].summary.at("app").at("time_ns").get<double>() * 1e-9;
        const double s = t / ref - 1;
        const double xv = x >= 0 ? plot_value(st, i, dims[std::size_t(x)].path, unit) : 0.0;
        noise_slowdowns[series_title(st, i, x, true)][xv] = 100 * s;
        std::string coords;
        for (const auto& v : st.coordinates(i))
          coords += "," + coordinate_cell(v);
        noise_csv += fmt::format("{},{}{},{:.9f},{:.9f},{}\n", i, j, coords, t, ref, fixed4_text(s));
        noise_json.push_back({{"label", st.label(i)}, {"time_s", t}, {"time_reference_s", ref},
                              {"noise_slowdown", fixed4(s)}});
      }
      summary["noise_slowdowns"] = noise_json;
      dir.write("noise_slowdowns.csv", noise_csv);
    }
    if (x >= 0) {
      const std::string xpath = dims[std::size_t(x)].path;
      const std::string xlabel = xpath == "app.processes" ? "MPI processes"
                                                          : xpath + (unit.empty() ? "" : " (" + unit + ")");
      double lo = 1e300, hi = 0;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const double v = plot_value(st, i, xpath, unit);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      const bool log_x = lo > 0 && hi / lo >= 8;
      const std::string what = st.point(0).text("app.name");
      write_plot(dir, "time", times, xlabel, log_x, "run time (s)", fmt::format("{}: {} run time", dir.title(), what),
                 replicated ? &time_ci : nullptr);
      if (st.compare())
        write_plot(dir, "slowdown", slowdowns, xlabel, log_x,
                   fmt::format("slowdown T_{} / T_{} - 1 (%)", other_mpi, base_mpi),
                   fmt::format("{}: {} slowdown of {} over {}", dir.title(), what, mpi::backend(other_mpi).title,
                               mpi::backend(base_mpi).title),
                   replicated ? &slowdown_ci : nullptr);
      if (noise_dim >= 0)
        write_plot(dir, "noise", noise_slowdowns, xlabel, log_x,
                   fmt::format("slowdown by noise T / T({}={}) - 1 (%)", dims[std::size_t(noise_dim)].path,
                               coordinate_cell(dims[std::size_t(noise_dim)].values.front())),
                   fmt::format("{}: {} slowed by {}", dir.title(), what, dims[std::size_t(noise_dim)].path));
    }
  }
  if (const Kind& kind = find_kind(st.point(0).text("kind")); kind.study_report) {
    std::vector<StudyPoint> view;
    for (std::size_t i = 0; i < points.size(); ++i) {
      StudyPoint p{{}, points[i].summary};
      const auto values = st.coordinates(i);
      for (std::size_t d = 0; d < dims.size(); ++d)
        p.coordinates.emplace_back(dims[d].path, coordinate_cell(values[d]));
      view.push_back(std::move(p));
    }
    kind.study_report(dir, view, summary);
  }
  dir.write("summary.json", summary.dump(2) + "\n");
}

} // namespace bcssim::sim
