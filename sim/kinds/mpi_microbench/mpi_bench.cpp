#include "sim/kinds/mpi_microbench/mpi_bench.hpp"

#include "apps/microbench/osu.hpp"
#include "base/event_stream.hpp"
#include "sim/machine/mpi_job.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;
namespace osu = apps::microbench;

double MpiMeasurement::latency_us() const
{
  const double per = double(time_ns) / 1e3 / double(std::max(iterations, 1));
  return test->family == BenchFamily::round_trip ? per / 2 : per;
}

MpiBench::MpiBench(World& world, const Scenario& scenario, MpiBenchSpec spec)
    : world_(world), scenario_(scenario), spec_(std::move(spec))
{
}

MpiBench::~MpiBench() = default;

void MpiBench::start()
{
  sg4::Actor::create("mpi_bench", world_.platform().cpu(spec_.node_a), [this] { run_all(); });
}

void MpiBench::check() const
{
  if (current_)
    current_->check_finished("MPI microbenchmark '" + current_name_ + "'");
}

void MpiBench::run_job(const std::string& name, unsigned ranks, const std::function<void(mpi::Comm&)>& main)
{
  mpi::Placement placement = ranks == 0 ? mpi::Placement({mpi::Slot{spec_.node_a, 0}, mpi::Slot{spec_.node_b, 0}})
                                        : placement_of(scenario_, ranks);
  current_name_ = name;
  current_ = std::make_unique<MpiJob>(world_, scenario_, name, std::move(placement));
  current_->start(main);
  current_->join();
  current_.reset();
}

void MpiBench::run_all()
{
  const int iterations = spec_.iterations;
  auto two_rank = [&](const MpiBenchmark* test, std::uint64_t bytes, unsigned posted, auto body) {
    osu::Timing t;
    const std::string name = test->posted_first ? fmt::format("{}.{}.{}B", test->name, posted, bytes)
                                                : fmt::format("{}.{}B", test->name, bytes);
    run_job(name, 0, [&](mpi::Comm& c) { body(c, t); });
    results_.push_back(MpiMeasurement{test, 2, bytes, posted, iterations, base::to_ns(t.seconds), t.moved});
  };
  for (const MpiBenchmark* test : spec_.tests) {
    switch (test->family) {
      case BenchFamily::round_trip: {
        const auto& sizes = test->posted_first ? spec_.posted_sizes : spec_.sizes;
        const std::vector<unsigned> posted = test->posted_first ? spec_.posted : std::vector<unsigned>{1};
        for (unsigned p : posted)
          for (std::uint64_t bytes : sizes)
            two_rank(test, bytes, p, [&](mpi::Comm& c, osu::Timing& t) { osu::pingpong(c, bytes, iterations, p, t); });
        break;
      }
      case BenchFamily::streaming:
        for (std::uint64_t bytes : spec_.sizes)
          two_rank(test, bytes, 1,
                   [&](mpi::Comm& c, osu::Timing& t) { test->stream(c, bytes, spec_.window, iterations, t); });
        break;
      case BenchFamily::head_to_head:
        for (std::uint64_t bytes : spec_.sizes) {
          osu::Timing t;
          run_job(fmt::format("{}.{}B", test->name, bytes), 0, [&](mpi::Comm& c) { osu::head_to_head(c, bytes, t); });
          results_.push_back(MpiMeasurement{test, 2, bytes, 1, 1, base::to_ns(t.seconds), t.moved});
        }
        break;
      case BenchFamily::collective: {
        const std::uint64_t bytes = test->sized ? spec_.collective_size : 0;
        for (unsigned n : spec_.processes) {
          std::vector<osu::Timing> per_rank(n);
          run_job(fmt::format("{}.{}", test->name, n), n,
                  [&](mpi::Comm& c) { osu::collective(c, test->collective, bytes, iterations, per_rank); });
          const auto slowest =
              std::max_element(per_rank.begin(), per_rank.end(),
                               [](const osu::Timing& a, const osu::Timing& b) { return a.seconds < b.seconds; });
          results_.push_back(
              MpiMeasurement{test, n, bytes, 1, iterations, base::to_ns(slowest->seconds), slowest->moved});
        }
        break;
      }
    }
  }
}

} // namespace bcssim::sim
