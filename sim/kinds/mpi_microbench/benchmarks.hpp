#pragma once
// The MPI microbenchmarks of kind mpi_microbench (OSU-style, apps/microbench/osu.hpp), one entry each (issue 68
// part 1): mpi_microbench.tests' words, how each runs (mpi_bench.cpp) and where its rows go in summary.json's
// figures and the plots (mpi_bench_report.cpp). A new benchmark of an existing family is its entry in
// benchmarks.cpp; a new family is also its case in those two files.
#include "apps/microbench/osu.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bcssim::sim {

enum class BenchFamily {
  round_trip,   // two ranks, a ping-pong per size (and per number of receives posted first): half a round trip
  streaming,    // two ranks, a window of non-blocking messages per size: bytes per second one way
  head_to_head, // two ranks, both Send then Recv, once per size (unsafe: it deadlocks above the eager sizes)
  collective,   // a job of each mpi_microbench.processes, time per call of the slowest rank
};

struct MpiBenchmark {
  std::string name; // its word in mpi_microbench.tests
  BenchFamily family;
  bool by_default; // runs when mpi_microbench.tests is left as it is
  /// summary.json's figure: a list of records (round_trip, head_to_head, collective: then also its column of
  /// mpi_collectives.csv) or the peak (streaming).
  std::string figure;
  /// Its column of mpi_sizes.csv (round_trip without receives posted first, streaming); "": none.
  std::string size_column = {};
  /// round_trip: receives posted first (its sizes are mpi_microbench.posted_sizes, its counts .posted).
  bool posted_first = false;
  /// streaming: the OSU loop.
  void (*stream)(mpi::Comm&, std::uint64_t bytes, int window, int iterations, apps::microbench::Timing&) = nullptr;
  /// collective: which one, whether it carries mpi_microbench.collective_size bytes, and whether it reduces doubles
  /// (that size then a multiple of 8 B).
  apps::microbench::Collective collective = apps::microbench::Collective::barrier;
  bool sized = false;
  bool reduces_doubles = false;
};

/// Every benchmark, in the order the plots' columns and the catalogue list them.
const std::vector<MpiBenchmark>& mpi_benchmarks();
/// The one named `name`; std::invalid_argument naming the known ones otherwise.
const MpiBenchmark& mpi_benchmark(const std::string& name);
/// Their names, in order.
std::vector<std::string> mpi_benchmark_names();

} // namespace bcssim::sim
