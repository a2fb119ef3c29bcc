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
  return test == "pingpong" || test == "posted_receives" ? per / 2 : per;
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
  auto two_rank = [&](const std::string& test, std::uint64_t bytes, unsigned posted, auto body) {
    osu::Timing t;
    const std::string name =
        test == "posted_receives" ? fmt::format("{}.{}.{}B", test, posted, bytes) : fmt::format("{}.{}B", test, bytes);
    run_job(name, 0, [&](mpi::Comm& c) { body(c, t); });
    results_.push_back(MpiMeasurement{test, 2, bytes, posted, iterations, base::to_ns(t.seconds), t.moved});
  };
  for (const std::string& test : spec_.tests) {
    if (test == "pingpong" || test == "posted_receives") {
      const auto& sizes = test == "pingpong" ? spec_.sizes : spec_.posted_sizes;
      const std::vector<unsigned> posted = test == "pingpong" ? std::vector<unsigned>{1} : spec_.posted;
      for (unsigned p : posted)
        for (std::uint64_t bytes : sizes)
          two_rank(test, bytes, p, [&](mpi::Comm& c, osu::Timing& t) { osu::pingpong(c, bytes, iterations, p, t); });
    } else if (test == "bandwidth" || test == "bidirectional") {
      for (std::uint64_t bytes : spec_.sizes)
        two_rank(test, bytes, 1, [&](mpi::Comm& c, osu::Timing& t) {
          if (test == "bandwidth")
            osu::bandwidth(c, bytes, spec_.window, iterations, t);
          else
            osu::bidirectional(c, bytes, spec_.window, iterations, t);
        });
    } else if (test == "head_to_head") {
      for (std::uint64_t bytes : spec_.sizes) {
        osu::Timing t;
        run_job(fmt::format("head_to_head.{}B", bytes), 0, [&](mpi::Comm& c) { osu::head_to_head(c, bytes, t); });
        results_.push_back(MpiMeasurement{test, 2, bytes, 1, 1, base::to_ns(t.seconds), t.moved});
      }
    } else {
      const osu::Collective which = test == "barrier" ? osu::Collective::barrier
                                    : test == "bcast" ? osu::Collective::bcast
                                                      : osu::Collective::allreduce;
      const std::uint64_t bytes = which == osu::Collective::barrier ? 0 : spec_.collective_size;
      for (unsigned n : spec_.processes) {
        std::vector<osu::Timing> per_rank(n);
        run_job(fmt::format("{}.{}", test, n), n,
                [&](mpi::Comm& c) { osu::collective(c, which, bytes, iterations, per_rank); });
        const auto slowest =
            std::max_element(per_rank.begin(), per_rank.end(),
                             [](const osu::Timing& a, const osu::Timing& b) { return a.seconds < b.seconds; });
        results_.push_back(
            MpiMeasurement{test, n, bytes, 1, iterations, base::to_ns(slowest->seconds), slowest->moved});
      }
    }
  }
}

} // namespace bcssim::sim
