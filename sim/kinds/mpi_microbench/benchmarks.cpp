#include "sim/kinds/mpi_microbench/benchmarks.hpp"

#include "base/registry.hpp"

namespace bcssim::sim {
namespace osu = apps::microbench;

const std::vector<MpiBenchmark>& mpi_benchmarks()
{
  using F = BenchFamily;
  static const std::vector<MpiBenchmark> all = [] {
    std::vector<MpiBenchmark> b;
    b.push_back({"pingpong", F::round_trip, true, "pingpong_latency_us", "pingpong_latency_us"});
    b.push_back({"bandwidth", F::streaming, true, "peak_bandwidth_MBps", "bandwidth_MBps"});
    b.back().stream = osu::bandwidth;
    b.push_back(
        {"bidirectional", F::streaming, true, "peak_bidirectional_each_way_MBps", "bidirectional_each_way_MBps"});
    b.back().stream = osu::bidirectional;
    b.push_back({"posted_receives", F::round_trip, true, "posted_receives_latency_us"});
    b.back().posted_first = true;
    b.push_back({"barrier", F::collective, true, "barrier_us"});
    b.back().collective = osu::Collective::barrier;
    b.push_back({"bcast", F::collective, true, "bcast_us"});
    b.back().collective = osu::Collective::bcast;
    b.back().sized = true;
    b.push_back({"allreduce", F::collective, true, "allreduce_us"});
    b.back().collective = osu::Collective::allreduce;
    b.back().sized = true;
    b.back().reduces_doubles = true;
    b.push_back({"head_to_head", F::head_to_head, false, "head_to_head_us"});
    return b;
  }();
  return all;
}

const MpiBenchmark& mpi_benchmark(const std::string& name)
{
  return base::find_named(mpi_benchmarks(), name, "MPI microbenchmark");
}

std::vector<std::string> mpi_benchmark_names() { return base::names_of(mpi_benchmarks()); }

} // namespace bcssim::sim
