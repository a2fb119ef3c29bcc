// STORM's Machine Manager (storm/machine_manager) alone, with a JobHost whose ranks only compute for given times:
// its ticks, the order in which it notes ends and dispatches, and its global context switches, instant by instant.
#include "sim/machine/world.hpp"
#include "storm/machine_manager/machine_manager.hpp"
#include "world_harness.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <doctest/doctest.h>

#include <map>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {

/// Each rank of job j computes work[j] seconds of its PE (through its Node Manager when the MM time-shares).
struct ComputeHost final : storm::JobHost {
  ComputeHost(sim::World& world, std::vector<double> work) : world(world), work(std::move(work)) {}
  void place(int id, const std::vector<storm::PeId>& pes, unsigned row) override
  {
    placed[id] = pes;
    done[id] = sg4::Semaphore::create(0);
    if (mm->time_sharing())
      for (std::size_t r = 0; r < pes.size(); ++r)
        mm->node_manager(pes[r].node).place(storm::ProcessKey{id, int(r)}, pes[r].pe, row, 0, 0, 0);
  }
  void start(int id, std::optional<double>) override
  {
    const std::vector<storm::PeId>& pes = placed.at(id);
    for (std::size_t r = 0; r < pes.size(); ++r) {
      sg4::Host* cpu = world.platform().cpu(pes[r].node);
      sg4::Actor::create("rank", cpu, [this, id, r, node = pes[r].node, cpu] {
        const double flops = work.at(std::size_t(id)) * cpu->get_speed();
        if (mm->time_sharing()) {
          storm::NodeManager& nm = mm->node_manager(node);
          nm.execute(storm::ProcessKey{id, int(r)}, flops);
          nm.exit(storm::ProcessKey{id, int(r)});
        } else {
          sg4::this_actor::sleep_for(work.at(std::size_t(id)));
        }
        done.at(id)->release();
      });
    }
  }
  void join(int id) override
  {
    for (std::size_t r = 0; r < placed.at(id).size(); ++r)
      done.at(id)->acquire();
  }
  double calls(int) const override { return 0; }

  sim::World& world;
  std::vector<double> work;
  storm::MachineManager* mm = nullptr;
  std::map<int, std::vector<storm::PeId>> placed;
  std::map<int, sg4::SemaphorePtr> done;
};

storm::MachineSpec machine(unsigned nodes, const char* algorithm, unsigned rows, double quantum)
{
  storm::MachineSpec spec;
  spec.nodes = nodes;
  spec.pes_per_node = 1;
  spec.quantum = quantum;
  spec.algorithm = &storm::algorithm(algorithm);
  spec.rows = rows;
  spec.backfill = storm::Backfill{false, double(rows)};
  return spec;
}

} // namespace

TEST_CASE("Machine Manager under fcfs: a job ending at a tick is noted at the next one and the queue starts then")
{
  sim::World world(
      sim::Scenario::resolve({{"microbench", {{"collectives", false}}}, {"platform", {{"nodes", 2}}}}, {}));
  ComputeHost host(world, {5e-3, 2e-3, 3e-3});
  // A takes both PEs for 5 ms; B (submitted with it) and C (at 0.5 ms: its tick is 1 ms) wait for them.
  std::vector<storm::JobRequest> jobs{{0, 2, 0, 0, {}}, {1, 1, 0, 0, {}}, {2, 1, 0.5e-3, 0, {}}};
  storm::MachineManager mm({world.platform(), world.qsnet_hw(), world.host()}, machine(2, "fcfs", 1, 1e-3), jobs, host);
  host.mm = &mm;
  mm.start();
  world.engine().run();
  const auto& r = mm.records();
  CHECK(r[0].start == 0);
  CHECK(r[0].end == doctest::Approx(5e-3).epsilon(1e-12));
  // A ended at the 5 ms tick itself: noted at 6 ms, where B and C start side by side.
  CHECK(r[1].start == doctest::Approx(6e-3).epsilon(1e-12));
  CHECK(r[2].start == doctest::Approx(6e-3).epsilon(1e-12));
  CHECK(r[1].end == doctest::Approx(8e-3).epsilon(1e-12));
  CHECK(r[2].end == doctest::Approx(9e-3).epsilon(1e-12));
  CHECK(r[1].pes.at(0).node == 0);
  CHECK(r[2].pes.at(0).node == 1);
  CHECK_FALSE(mm.thrashing());
  CHECK(mm.gantt().size() == 4); // space sharing: a box per job and PE
}

TEST_CASE(
    "Machine Manager under gs: two jobs share a PE in alternate quanta and each switch is a strobe's latency late")
{
  sim::World world(
      sim::Scenario::resolve({{"microbench", {{"collectives", false}}}, {"platform", {{"nodes", 2}}}}, {}));
  ComputeHost host(world, {25e-3, 25e-3});
  std::vector<storm::JobRequest> jobs{{0, 1, 0, 0, {0}}, {1, 1, 0, 0, {0}}}; // both on node 0's PE: rows 0 and 1
  storm::MachineManager mm({world.platform(), world.qsnet_hw(), world.host()}, machine(2, "gs", 2, 10e-3), jobs, host);
  host.mm = &mm;
  mm.start();
  world.engine().run();
  const auto& r = mm.records();
  // Job 0 holds the PE in [0, 10), [20, 30), [40, 45) ms; job 1 in [10, 20), [30, 40), and (job 0's row left
  // empty after it ended, but it is noted only at 50 ms) [50, 55) ms; each switch lands a multicast later.
  CHECK(r[0].end > 45e-3);
  CHECK(r[0].end < 45.1e-3);
  CHECK(r[1].end > 55e-3);
  CHECK(r[1].end < 55.1e-3);
  const auto boxes = mm.gantt();
  REQUIRE(boxes.size() == 6);
  for (std::size_t i = 0; i < boxes.size(); ++i)
    CHECK(boxes[i].job == int(i % 2));
}
