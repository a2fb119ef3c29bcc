// The coschedulers' local policies (storm/policies) carried out by a Node Manager (storm/node_manager), on one
// node with hand-made processes: exact simulated times of who holds the PE when, and FCS's classes.
#include "storm/algorithms.hpp"
#include "storm/node_manager.hpp"

#include <doctest/doctest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <algorithm>
#include <functional>
#include <vector>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {

constexpr double kSpeed = 1e9; // flop/s of a PE
constexpr double kMs = 1e-3;

struct Node {
  explicit Node(const char* algorithm, storm::PolicySpec spec = {})
  {
    static int argc = 2;
    static char arg0[] = "storm-test", arg1[] = "--log=root.thres:critical";
    static char* argv[] = {arg0, arg1, nullptr};
    engine = std::make_unique<sg4::Engine>(&argc, argv);
    auto* zone = sg4::create_full_zone("node0");
    cpu = zone->create_host("node0.cpu", kSpeed)->set_core_count(1)->seal();
    zone->seal();
    policy = storm::algorithm(algorithm).make(spec);
    nm = std::make_unique<storm::NodeManager>(cpu, 0, 1, *policy, 0.0);
    nm->start();
  }
  /// A process: `steps` run in order on its actor (compute or wait); it exits after the last and notes when.
  void process(storm::ProcessKey key, unsigned row, int priority, std::vector<std::function<void()>> steps, double* end)
  {
    nm->place(key, 0, row, priority);
    sg4::Actor::create("p", cpu, [this, key, steps, end] {
      for (const auto& s : steps)
        s();
      *end = sg4::Engine::get_clock();
      nm->exit(key);
    });
  }
  std::function<void()> compute(storm::ProcessKey key, double seconds)
  {
    return [this, key, seconds] { nm->execute(key, seconds * kSpeed); };
  }
  /// A blocking call whose operation completes at simulated time `until` (however the process is scheduled).
  /// With `self_timed`, the process watches its own spin deadline (as the MPI library's waits do): the NM is woken
  /// only if it blocks.
  std::function<void()> wait_until(storm::ProcessKey key, double until, bool self_timed = false)
  {
    return [this, key, until, self_timed] { block_on(key, until, self_timed); };
  }
  /// A blocking call whose operation completes `seconds` after it begins.
  std::function<void()> wait_for(storm::ProcessKey key, double seconds, bool self_timed = false)
  {
    return [this, key, seconds, self_timed] { block_on(key, sg4::Engine::get_clock() + seconds, self_timed); };
  }
  void block_on(storm::ProcessKey key, double until, bool self_timed)
  {
    auto block = [until] { sg4::this_actor::sleep_until(until); };
    auto block_until = [until](double deadline) {
      sg4::this_actor::sleep_until(std::min(until, deadline));
      return sg4::Engine::get_clock() >= until;
    };
    nm->wait(key, block, self_timed ? std::function<bool(double)>(block_until) : nullptr);
  }
  /// Who held the PE when, as (job, from, to) in ms.
  std::vector<std::tuple<int, double, double>> holdings() const
  {
    std::vector<std::tuple<int, double, double>> out;
    for (const auto& h : nm->pe(0).history())
      out.emplace_back(h.who.job, h.from / kMs, h.to / kMs);
    return out;
  }
  std::unique_ptr<sg4::Engine> engine;
  sg4::Host* cpu = nullptr;
  std::unique_ptr<storm::Policy> policy;
  std::unique_ptr<storm::NodeManager> nm;
};

void check_holdings(const std::vector<std::tuple<int, double, double>>& got,
                    const std::vector<std::tuple<int, double, double>>& want)
{
  std::string shown;
  for (const auto& [job, from, to] : got)
    shown += " (" + std::to_string(job) + ", " + std::to_string(from) + ", " + std::to_string(to) + ")";
  INFO("holdings in ms:" << shown);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("holding " << i);
    CHECK(std::get<0>(got[i]) == std::get<0>(want[i]));
    CHECK(std::get<1>(got[i]) == doctest::Approx(std::get<1>(want[i])).epsilon(1e-9));
    CHECK(std::get<2>(got[i]) == doctest::Approx(std::get<2>(want[i])).epsilon(1e-9));
  }
}

} // namespace

TEST_CASE("sb: a waiting process spins, then yields its PE, and takes it back when its call completes")
{
  storm::PolicySpec spec;
  spec.spin_time = 0.1 * kMs;
  spec.quantum = 25 * kMs;
  Node n("sb", spec);
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  // P computes 1 ms, waits in a call that completes at 5 ms, computes 1 ms; Q computes 10 ms.
  n.process(p, 0, 0, {n.compute(p, 1 * kMs), n.wait_until(p, 5 * kMs), n.compute(p, 1 * kMs)}, &end_p);
  n.process(q, 1, 0, {n.compute(q, 10 * kMs)}, &end_q);
  n.engine->run();
  // P (lowest key) first; it spins 0.1 ms after its call and blocks; Q runs until P's call completes at 5 ms and
  // P takes the PE back; Q finishes its remaining 10 - 3.9 ms after P exits.
  check_holdings(n.holdings(), {{0, 0, 1.1}, {1, 1.1, 5}, {0, 5, 6}, {1, 6, 12.1}});
  CHECK(end_p == doctest::Approx(6 * kMs).epsilon(1e-12));
  CHECK(end_q == doctest::Approx(12.1 * kMs).epsilon(1e-12));
}

namespace {
// P computes 1 ms, waits in a call that completes within its spin time (0.05 ms), computes 1 ms, waits in a call
// that completes at 5 ms, computes 1 ms; Q computes 10 ms. The same holdings whoever watches P's spin deadline.
void spin_then_block(bool self_timed)
{
  storm::PolicySpec spec;
  spec.spin_time = 0.1 * kMs;
  spec.quantum = 25 * kMs;
  Node n("sb", spec);
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  n.process(p, 0, 0,
            {n.compute(p, 1 * kMs), n.wait_until(p, 1.05 * kMs, self_timed), n.compute(p, 1 * kMs),
             n.wait_until(p, 5 * kMs, self_timed), n.compute(p, 1 * kMs)},
            &end_p);
  n.process(q, 1, 0, {n.compute(q, 10 * kMs)}, &end_q);
  n.engine->run();
  // P keeps its PE through its first wait; it spins 0.1 ms into its second and blocks; Q runs until P's call
  // completes at 5 ms; Q finishes its remaining 10 - 2.85 ms after P exits.
  check_holdings(n.holdings(), {{0, 0, 2.15}, {1, 2.15, 5}, {0, 5, 6}, {1, 6, 13.15}});
  CHECK(end_p == doctest::Approx(6 * kMs).epsilon(1e-12));
  CHECK(end_q == doctest::Approx(13.15 * kMs).epsilon(1e-12));
}
} // namespace

TEST_CASE("sb: a spin that ends in time keeps the PE and one that runs out gives it up (the NM watching)")
{
  spin_then_block(false);
}

TEST_CASE("sb: the same holdings when the process watches its own spin deadline (the NM woken only to block it)")
{
  spin_then_block(true);
}

TEST_CASE("sb: the node OS starts a new epoch at the tick that ends the lone holder's slice")
{
  storm::PolicySpec spec;
  spec.spin_time = 0.1 * kMs;
  spec.quantum = 10 * kMs;
  Node n("sb", spec);
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  n.process(p, 0, 0, {n.compute(p, 40 * kMs)}, &end_p);
  n.process(q, 1, 0, {n.wait_until(q, 15 * kMs), n.compute(q, 30 * kMs)}, &end_q);
  n.engine->run();
  // Q is blocked from the start. P's slice ends at 10 ms with no other process runnable: Linux 2.4 recalculates
  // then (P 10 ms, the sleeping Q 10 / 2 + 10 = 15 ms), so at 15 ms the woken Q (15 left) takes the PE from P (5
  // left). Q's slice ends at 30 (P has 5 left); P's at 35 (none left: a new epoch, P keeps the PE); P's at 45, Q
  // to its end at 60, P to 70. (Starting the epoch at the next decision instead, 15 ms, would give P[0,15)
  // Q[15,35) P[35,55) Q[55,65) P[65,70).)
  check_holdings(n.holdings(), {{0, 0, 15}, {1, 15, 30}, {0, 30, 45}, {1, 45, 60}, {0, 60, 70}});
  CHECK(end_p == doctest::Approx(70 * kMs).epsilon(1e-12));
  CHECK(end_q == doctest::Approx(60 * kMs).epsilon(1e-12));
}

TEST_CASE("sb: two processes that never block share the PE in time slices of a quantum (the node OS's counters)")
{
  storm::PolicySpec spec;
  spec.spin_time = 0.1 * kMs;
  spec.quantum = 10 * kMs;
  Node n("sb", spec);
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  n.process(p, 0, 0, {n.compute(p, 30 * kMs)}, &end_p);
  n.process(q, 1, 0, {n.compute(q, 25 * kMs)}, &end_q);
  n.engine->run();
  // P runs its slice, then Q; when both have used theirs a new epoch gives each a slice again, and the holder
  // keeps the PE for its new one (Linux keeps the running process on a tie): Q to 30 ms, P to 50, Q to 55.
  check_holdings(n.holdings(), {{0, 0, 10}, {1, 10, 30}, {0, 30, 50}, {1, 50, 55}});
  CHECK(end_p == doctest::Approx(50 * kMs).epsilon(1e-12));
  CHECK(end_q == doctest::Approx(55 * kMs).epsilon(1e-12));
}

TEST_CASE("bcs: a process that blocks is switched out at once and resumes when its call completes, work is conserved")
{
  Node n("bcs");
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  n.process(p, 0, 0, {n.compute(p, 1 * kMs), n.wait_until(p, 5 * kMs), n.compute(p, 1 * kMs)}, &end_p);
  n.process(q, 1, 0, {n.compute(q, 10 * kMs)}, &end_q);
  sg4::Actor::create("mm", n.cpu, [&n] { n.nm->global_switch(0); }); // P's slot
  n.engine->run();
  check_holdings(n.holdings(), {{0, 0, 1}, {1, 1, 5}, {0, 5, 6}, {1, 6, 12}});
  CHECK(end_p == doctest::Approx(6 * kMs).epsilon(1e-12));
  CHECK(end_q == doctest::Approx(12 * kMs).epsilon(1e-12));
  CHECK(n.nm->pe(0).work_done() == doctest::Approx(12 * kMs).epsilon(1e-12)); // 2 + 10 ms, no more, no less
}

TEST_CASE("pbcs: the priority job runs whenever it is ready, in any slot")
{
  Node n("pbcs");
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  // Q has priority 1 but P's slot runs: Q computes 2 ms, waits until 4 ms, computes 2 ms.
  n.process(p, 0, 0, {n.compute(p, 5 * kMs)}, &end_p);
  n.process(q, 1, 1, {n.compute(q, 2 * kMs), n.wait_until(q, 4 * kMs), n.compute(q, 2 * kMs)}, &end_q);
  sg4::Actor::create("mm", n.cpu, [&n] { n.nm->global_switch(0); });
  n.engine->run();
  check_holdings(n.holdings(), {{1, 0, 2}, {0, 2, 4}, {1, 4, 6}, {0, 6, 9}});
  CHECK(end_q == doctest::Approx(6 * kMs).epsilon(1e-12));
  CHECK(end_p == doctest::Approx(9 * kMs).epsilon(1e-12));
}

TEST_CASE("gs: the slot's process holds the PE even while it waits, the others only in their own slot")
{
  Node n("gs");
  const storm::ProcessKey p{0, 0}, q{1, 0};
  double end_p = -1, end_q = -1;
  n.process(p, 0, 0, {n.compute(p, 1 * kMs), n.wait_until(p, 5 * kMs), n.compute(p, 1 * kMs)}, &end_p);
  n.process(q, 1, 0, {n.compute(q, 3 * kMs)}, &end_q);
  sg4::Actor::create("mm", n.cpu, [&n] {
    n.nm->global_switch(0);
    sg4::this_actor::sleep_until(10 * kMs);
    n.nm->global_switch(1);
  });
  n.engine->run();
  // P spins from 1 to 5 ms on its PE; Q gets it only at the switch to its slot.
  check_holdings(n.holdings(), {{0, 0, 6}, {1, 10, 13}});
  CHECK(end_q == doctest::Approx(13 * kMs).epsilon(1e-12));
}

namespace {
void fcs_classes(bool self_timed)
{
  storm::PolicySpec spec;
  spec.spin_time = 0.1 * kMs;
  spec.fcs.granularity = 5 * kMs;
  spec.fcs.effectiveness = 0.5;
  spec.quantum = 10 * kMs;
  Node n("fcs", spec);
  const storm::ProcessKey cs{0, 0}, f{1, 0}, dc{2, 0};
  double end[3] = {-1, -1, -1};
  // Over 60 ms: cs computes 1 ms and waits 10 us; f computes 1 ms and waits 1 ms (its peer is slower); dc only
  // computes. Each is in its own slot of 10 ms.
  std::vector<std::function<void()>> cs_steps, f_steps;
  for (int i = 0; i < 30; ++i) {
    cs_steps.push_back(n.compute(cs, 1 * kMs));
    cs_steps.push_back(n.wait_for(cs, 10e-6, self_timed));
    f_steps.push_back(n.compute(f, 1 * kMs));
    f_steps.push_back(n.wait_for(f, 1 * kMs, self_timed));
  }
  n.process(cs, 0, 0, cs_steps, &end[0]);
  n.process(f, 1, 0, f_steps, &end[1]);
  n.process(dc, 2, 0, {n.compute(dc, 30 * kMs)}, &end[2]);
  sg4::Actor::create("mm", n.cpu, [&n] {
    for (int k = 0; k < 6; ++k) {
      n.nm->global_switch(unsigned(k % 3));
      sg4::this_actor::sleep_until((k + 1) * 10 * kMs);
    }
  });
  n.engine->run();
  // Each starts CS; f is classified at the end of its slot (20 ms), dc at the end of its own (30 ms); cs stays.
  std::vector<std::tuple<int, double, storm::FcsClass>> got;
  for (const auto& c : n.nm->classes())
    got.emplace_back(c.who.job, c.at / kMs, c.cls);
  const std::vector<std::tuple<int, double, storm::FcsClass>> want{{0, 0, storm::FcsClass::cs},
                                                                   {1, 0, storm::FcsClass::cs},
                                                                   {2, 0, storm::FcsClass::cs},
                                                                   {1, 20, storm::FcsClass::f},
                                                                   {2, 30, storm::FcsClass::dc}};
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("change " << i);
    CHECK(std::get<0>(got[i]) == std::get<0>(want[i]));
    CHECK(std::get<1>(got[i]) == doctest::Approx(std::get<1>(want[i])).epsilon(1e-9));
    CHECK(std::get<2>(got[i]) == std::get<2>(want[i]));
  }
}
} // namespace

TEST_CASE("fcs: a balanced communicating process stays CS, an imbalanced one becomes F, a computing one DC")
{
  fcs_classes(false);
}

TEST_CASE("fcs: the same classes when the processes watch their own spin deadlines") { fcs_classes(true); }
