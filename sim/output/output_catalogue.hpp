#pragma once
// The files a run writes and the meaning and unit of every column, declared beside their writers (each kind's
// Kind::outputs, the run's and the study's own) and printed as docs/outputs.md by `bcssim docs`, which also checks
// every committed table against them: a column that is not declared fails the docs check (sim/report/outputs_doc).
#include <string>
#include <vector>

namespace bcssim::sim {

struct OutputColumn {
  /// The column's name, or a pattern: "<dimension>" stands for a swept parameter path (or "mpi"), any other
  /// "<...>" for a word of the run (e.g. "latency_us_<path>" for "latency_us_elan-elan").
  std::string name;
  std::string unit; // "s", "us", "MB/s" (10^6 B/s), "B", "count", "fraction", "" for words
  std::string meaning;
};

struct OutputFile {
  std::string name; // "runs.csv", "summary.json", "points/NNNN/"
  std::string doc;
  std::vector<OutputColumn> columns; // a CSV's columns; empty for other files
};

/// Whether `column` (a CSV header cell) is an instance of the declared `pattern`.
bool column_matches(const std::string& pattern, const std::string& column);

/// Every run's own files (summary.json, digest, events.csv, trace.json, run-info.json, the marker).
std::vector<OutputFile> run_outputs();
/// A study's own files (points/, points.csv, its runs.csv, slowdowns, plots' tables, replicates).
std::vector<OutputFile> study_outputs();

} // namespace bcssim::sim
