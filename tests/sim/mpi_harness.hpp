#pragma once
// A baseline MPI job on a 64-node ES45 (asci-q) machine, for the simulation tests of mpi/.
#include "mpi/job.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace bcssim::test {
using nlohmann::json;

// A job of `ranks` ranks, `pes_per_node` per node (block placement), on a 64-node ES45 (asci-q) machine, on the
// baseline.
struct Baseline {
  sim::Scenario scenario;
  sim::World world;
  sim::MpiJob mpi_job;

  explicit Baseline(unsigned ranks, unsigned pes_per_node = 1, json extra = json::object())
      : Baseline(pes_per_node, std::move(extra),
                 [ranks](const sim::Scenario& s) { return sim::placement_of(s, ranks); })
  {
  }
  /// Ranks on explicit nodes, one per node.
  Baseline(const std::vector<unsigned>& nodes, json extra = json::object())
      : Baseline(1, std::move(extra), [nodes](const sim::Scenario&) {
          std::vector<mpi::Slot> slots;
          for (unsigned n : nodes)
            slots.push_back(mpi::Slot{n, 0});
          return mpi::Placement(slots);
        })
  {
  }
  template <typename PlaceFn>
  Baseline(unsigned pes_per_node, json extra, PlaceFn place)
      : scenario(make_scenario(pes_per_node, std::move(extra))), world(scenario),
        mpi_job(world, scenario, "job", place(scenario))
  {
  }
  static sim::Scenario make_scenario(unsigned pes, json extra)
  {
    json s = {{"kind", "mpi_microbench"}, {"platform", {{"preset", "asci-q"}, {"nodes", 64}, {"pes_per_node", pes}}}};
    s.merge_patch(extra);
    return sim::Scenario::resolve(s, {});
  }
  const mpi::Job& job() const { return mpi_job.job(); }
  void run(mpi::RankMain main)
  {
    mpi_job.start(std::move(main));
    world.engine().run();
  }
};

} // namespace bcssim::test
