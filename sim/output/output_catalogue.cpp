#include "sim/output/output_catalogue.hpp"

#include "sim/config/params.hpp"

#include <regex>

namespace bcssim::sim {

bool column_matches(const std::string& pattern, const std::string& column)
{
  if (pattern == "<dimension>")
    return column == "mpi" || find_param(column) != nullptr;
  if (pattern.find('<') == std::string::npos)
    return pattern == column;
  // "<dimension>_<unit>" (a plot's x column) and "latency_<size>_us": each placeholder one or more characters.
  std::string regex;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern[i] == '<') {
      const auto end = pattern.find('>', i);
      regex += ".+";
      i = end + 1;
      continue;
    }
    if (std::string("\\^$.|?*+()[]{}").find(pattern[i]) != std::string::npos)
      regex += '\\';
    regex += pattern[i++];
  }
  return std::regex_match(column, std::regex(regex));
}

std::vector<OutputFile> run_outputs()
{
  return {
      {"summary.json",
       "The run's figures and how it was made: bcssim.version, the resolved scenario (every parameter), overrides "
       "(the --set assignments, a study point's coordinates among them), simgrid (version, network configuration), "
       "platform (tree, nodes, switches, payload_bandwidth_MBps, ack_window_B), simulated_time_ns, events, digest, "
       "and the kind's own figures (keys end with their unit: _us, _ms, _s, _MBps, _B; figures per size, node count "
       "or process count are lists of records, e.g. {\"size_B\": 0, \"latency_us\": 4.41}). Floats are printed in "
       "their shortest form after rounding to 15 significant digits.",
       {}},
      {"digest",
       "XXH3-64 of the canonical event stream (time in ns, actor, event, bytes; each instant's events "
       "sorted): equal digests, equal simulated histories (docs/model.md).",
       {}},
      {"events.csv",
       "With --events: the canonical event stream the digest hashes.",
       {{"time_ns", "ns", "simulated time of the event"},
        {"actor", "", "the SimGrid actor (host and thread) it happened on"},
        {"event", "", "what happened"},
        {"bytes", "B", "the data it carried"}}},
      {"trace.json",
       "With --trace: the timeline in Chrome trace-event format (ui.perfetto.dev, chrome://tracing).",
       {}},
      {"run-info.json",
       "What made the folder: bcssim (version, commit, dirty, compiler, build_type, simgrid, "
       "command_line), overrides, wall_time_s. The only build- and host-dependent file, and the "
       "one file of results/ that is not committed.",
       {}},
      {"provenance.json",
       "What made the folder, the same on every build of one version (committed with results/): "
       "bcssim's and SimGrid's versions, the command (argv, its first word written bcssim) and the "
       "--set overrides.",
       {}},
      {".bcssim-results", "The marker of a folder bcssim wrote (fixed text, written first).", {}},
      {".bcssim-manifest",
       "Every file and folder bcssim wrote in the folder, one relative path a line (a folder "
       "ends in /), written last; a gnuplot script's line adds a tab and `xxh128:` with the "
       "script's XXH3-128 as written. `--force` replaces a results folder only when it holds "
       "nothing else: anything not listed (a user's notes.txt) is named, and the run stops "
       "with exit 2 before it starts. A folder of a bcssim older than the manifest is judged by "
       "the names bcssim wrote then. `bcssim render` runs only the scripts whose bytes hash to "
       "what the manifest records (an edited or unhashed one with `--allow-edited`). The files "
       "a study's merge reads of a point (summary.json, runs.csv, digest, jobs.csv, gantt.csv) "
       "carry their hash too: `merge` refuses a point edited since its run (exit 2 naming the "
       "file), and a resumed study runs it again.",
       {}},
  };
}

std::vector<OutputFile> study_outputs()
{
  const OutputColumn dimension{"<dimension>", "", "the point's value of each swept parameter, in sweep order"};
  const OutputColumn point{"point", "count", "the point's number (its folder is points/NNNN)"};
  // A plot's tidy table (sim/study/study_plot.hpp): its x, the line, the value and, for replicates, its interval.
  auto plot_table = [](OutputColumn value, bool with_ci) {
    std::vector<OutputColumn> columns = {{"<dimension>", "", "the x: the swept parameter, app.processes if swept"},
                                         {"<dimension>_<unit>", "", "the x with its unit (ms for times)"},
                                         {"series", "", "the line: the other coordinates"},
                                         value};
    if (with_ci)
      columns.push_back({value.name + "_ci95", value.unit, "half-width of its 95 % confidence interval (replicates)"});
    return columns;
  };
  return {
      {"points/NNNN/", "Each point's own results folder, as a single run writes it.", {}},
      {"points.csv",
       "One row per point.",
       {point,
        dimension,
        {"digest", "", "the point's digest"},
        {"simulated_time_ns", "ns", "simulated time at the end of the point"},
        {"events", "count", "events in its canonical stream"}}},
      {"runs.csv",
       "Every point's runs.csv rows behind the point's number and coordinates (a column named like a "
       "swept parameter is not repeated); the other columns are the kind's (below).",
       {point, dimension}},
      {"summary.json",
       "The study: bcssim.version, study (name, overrides, compare, dimensions), "
       "scenario_of_point_0, points (number, label, digest), the study's digest (over the points' "
       "digests in point order) and the kind's study figures (e.g. slowdowns).",
       {}},
      {"slowdowns.csv",
       "A comparison of kind app: per pair of twin points the two run times and the slowdown.",
       {{"point_<mpi>", "count", "the point run on that backend"},
        dimension,
        {"time_<mpi>_s", "s", "its run time"},
        {"slowdown", "fraction", "T_bcs / T_quadrics - 1 (0.25: 25 % slower)"}}},
      {"time.csv",
       "Kind app: the run time plot's values, a tidy table (time.dat holds them for gnuplot). A "
       "comparison with no numeric dimension (one program on each MPI, as `bcssim record` and `bcssim "
       "convert` write it) draws a bar a point instead, the slowdown in the title: its time.csv is "
       "`point` (the MPI, or the point's label) and `time_s`.",
       plot_table({"time_s", "s", "run time (the mean over replicates)"}, true)},
      {"slowdown.csv", "A comparison of kind app: the slowdown plot's values (slowdown.dat for gnuplot).",
       plot_table({"slowdown", "fraction", "T_bcs / T_quadrics - 1; the plot shows it in %"}, true)},
      {"noise_slowdowns.csv",
       "A study with a noise dimension: each point against its twin at the dimension's "
       "first value.",
       {point,
        {"point_reference", "count", "the twin"},
        dimension,
        {"time_s", "s", "run time"},
        {"time_reference_s", "s", "the twin's run time"},
        {"noise_slowdown", "fraction", "T / T_reference - 1"}}},
      {"noise.csv", "The noise plot's values (noise.dat for gnuplot).",
       plot_table({"noise_slowdown", "fraction", "T / T_reference - 1; the plot shows it in %"}, false)},
      {"replicates.csv",
       "A study with replicates > 1: per point (its coordinates but the seed) the statistics of "
       "its replicates.",
       {dimension,
        {"n", "count", "replicates"},
        {"time_mean_s", "s", "mean run time"},
        {"time_sd_s", "s", "standard deviation"},
        {"time_ci95_s", "s", "95 % confidence half-width (Student t)"},
        {"slowdown_mean", "fraction", "mean slowdown on the compared backend's rows"},
        {"slowdown_sd", "fraction", "its standard deviation"},
        {"slowdown_ci95", "fraction", "its 95 % confidence half-width"}}},
  };
}

} // namespace bcssim::sim
