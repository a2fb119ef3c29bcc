#pragma once
// Kind "mpi_microbench": the OSU-style benchmarks of apps/microbench run as MPI jobs, one after another, on the
// scenario's machine and MPI backend. One row per measurement.
#include "sim/config/scenario.hpp"
#include "sim/kinds/mpi_microbench/benchmarks.hpp"
#include "sim/machine/world.hpp"

#include "mpi/comm.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::sim {

/// The mpi_microbench section; defaults and sources: its parameter group (kind.cpp).
struct MpiBenchSpec {
  std::vector<const MpiBenchmark*> tests;
  unsigned node_a = 0; // of rank 0 in the two-rank tests
  unsigned node_b = 0; // of rank 1
  std::vector<std::uint64_t> sizes;
  int iterations = 0;
  int window = 0;
  std::vector<unsigned> posted;
  std::vector<std::uint64_t> posted_sizes;
  std::vector<unsigned> processes; // [] = 2, 4, 8, ... up to the machine
  std::uint64_t collective_size = 0;
};

struct MpiMeasurement {
  const MpiBenchmark* test;
  unsigned processes;  // ranks of the job
  std::uint64_t bytes; // message (or collective) size
  unsigned posted;     // receives posted (posted_receives; else 1)
  int iterations;
  std::int64_t time_ns; // of the timed repetitions (collectives: the slowest rank)
  std::uint64_t moved;  // payload bytes one way in that time
  /// Per repetition: half a round trip for the ping-pongs, one call for the collectives.
  double latency_us() const;
  /// Bytes per second one way (bandwidth tests).
  double bandwidth() const { return time_ns > 0 ? double(moved) / (double(time_ns) * 1e-9) : 0.0; }
};

class MpiJob;

class MpiBench {
public:
  MpiBench(World& world, const Scenario& scenario, MpiBenchSpec spec);
  ~MpiBench();
  /// Creates the driver actor; the caller runs the engine, then calls check().
  void start();
  /// Throws DeadlockError when a benchmark's job did not finish.
  void check() const;
  const std::vector<MpiMeasurement>& results() const { return results_; }

private:
  void run_all();
  /// Runs `main` on a job of `ranks` ranks placed as the scenario says (0: two ranks on the pair's nodes) until
  /// it finishes.
  void run_job(const std::string& name, unsigned ranks, const std::function<void(mpi::Comm&)>& main);

  World& world_;
  const Scenario& scenario_;
  MpiBenchSpec spec_;
  std::vector<MpiMeasurement> results_;
  std::unique_ptr<MpiJob> current_;
  std::string current_name_;
};

} // namespace bcssim::sim
