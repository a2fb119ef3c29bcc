// Cost per simulated message of an MPI (the baseline, mpi::Comm over Elan Tports, or BENCH_SET="mpi=bcs") against
// a bare S4U program doing the same transfers on the same platform (DESIGN §9: within 2x). One run, one engine: a
// halo exchange on a 2-D grid of ranks (each rank Isend/Irecv to its 4 neighbours, then Waitall) through
// mpi::Comm, then the same exchange as plain S4U mailbox comms between the ranks' CPU hosts.
// Usage: bench_substrate_ratio [nodes=256] [iterations=20] [bytes=1024] — never part of the tests.
#include "mpi/comm.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace bcssim;
namespace sg4 = simgrid::s4u;

namespace {

// The 4 neighbours of rank r on a side x side torus.
std::vector<int> neighbours(int r, int side)
{
  const int x = r % side;
  const int y = r / side;
  return {y * side + (x + 1) % side, y * side + (x + side - 1) % side, ((y + 1) % side) * side + x,
          ((y + side - 1) % side) * side + x};
}

// The ';'-separated items of environment variable `name` (none if it is unset).
std::vector<std::string> env_list(const char* name)
{
  std::vector<std::string> items;
  const char* value = std::getenv(name);
  const std::string all = value != nullptr ? value : "";
  for (std::size_t start = 0, end; start < all.size(); start = end + 1) {
    end = all.find(';', start);
    if (end == std::string::npos)
      end = all.size();
    items.push_back(all.substr(start, end - start));
  }
  return items;
}

double seconds_since(std::chrono::steady_clock::time_point t)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

int main(int argc, char** argv)
{
  const int nodes = argc > 1 ? std::atoi(argv[1]) : 256;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  const std::uint64_t bytes = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1024;
  const int side = int(std::lround(std::sqrt(double(nodes))));
  if (side * side != nodes) {
    std::fprintf(stderr, "nodes must be a square\n");
    return 2;
  }
  // BENCH_SET="path=value;path=value": scenario overrides, to see what each modelled stage costs.
  const std::vector<std::string> sets = env_list("BENCH_SET");
  const sim::Scenario scenario = sim::Scenario::resolve(
      {{"kind", "mpi_microbench"}, {"platform", {{"preset", "asci-q"}, {"nodes", nodes}, {"pes_per_node", 1}}}}, sets);
  sim::World world(scenario);
  // BENCH_CFG="opt:value;opt:value": SimGrid options to try (e.g. contexts/stack-size:64).
  for (const std::string& option : env_list("BENCH_CFG"))
    sg4::Engine::set_config(option);
  const double messages = double(nodes) * 4 * iterations;
  double mpi_wall = 0, bare_wall = 0, mpi_sim = 0, bare_sim = 0;
  // Distinct simulated instants: SimGrid solves once per instant, so they, not messages, set the cost.
  // How far apart they are (decades of the time advance, mpi run only): shows how finely the stages spread them.
  static long steps = 0;
  static bool count_gaps = true;
  static std::map<int, long> gaps; // floor(log10(advance in s)) -> steps
  sg4::Engine::on_time_advance_cb([](double advance) {
    ++steps;
    if (count_gaps && advance > 0)
      gaps[int(std::floor(std::log10(advance)))]++;
  });
  long mpi_steps = 0;
  // What the solver and the scheduler are given per message: comms, executions, sleeps, and actors created.
  struct Activities {
    long comms = 0, execs = 0, sleeps = 0, actors = 0;
    long total() const { return comms + execs + sleeps; }
  };
  static Activities counted;
  sg4::Activity::on_completion_cb([](const sg4::Activity& a) { // Comm::on_start is not exported by 3.32
    if (dynamic_cast<const sg4::Comm*>(&a) != nullptr)
      ++counted.comms;
    else if (dynamic_cast<const sg4::Exec*>(&a) != nullptr)
      ++counted.execs;
  });
  sg4::Actor::on_sleep_cb([](const sg4::Actor&) { ++counted.sleeps; });
  sg4::Actor::on_creation_cb([](sg4::Actor&) { ++counted.actors; });
  Activities mpi_activities;

  sg4::Actor::create("driver", world.platform().cpu(0), [&] {
    // 1. Through mpi::Comm on the scenario's MPI.
    auto t0 = std::chrono::steady_clock::now();
    double s0 = sg4::Engine::get_clock();
    {
      sim::MpiJob job(world, scenario, "halo", sim::placement_of(scenario, unsigned(nodes)));
      job.start([&](mpi::Comm& c) {
        const auto peers = neighbours(c.rank(), side);
        std::vector<mpi::Request> requests;
        for (int i = 0; i < iterations; ++i) {
          requests.clear();
          for (int p : peers)
            requests.push_back(c.irecv(nullptr, bytes, p, 1));
          for (int p : peers)
            requests.push_back(c.isend(nullptr, bytes, p, 1));
          c.waitall(requests);
        }
      });
      job.join();
    }
    mpi_wall = seconds_since(t0);
    mpi_steps = steps;
    count_gaps = false;
    mpi_activities = counted;
    counted = Activities{};
    mpi_sim = sg4::Engine::get_clock() - s0;

    // 2. Bare S4U: the same transfers as mailbox comms between the ranks' CPU hosts.
    t0 = std::chrono::steady_clock::now();
    s0 = sg4::Engine::get_clock();
    std::vector<sg4::ActorPtr> ranks;
    for (int r = 0; r < nodes; ++r)
      ranks.push_back(sg4::Actor::create("bare", world.platform().cpu(unsigned(r)), [&, r] {
        const auto peers = neighbours(r, side);
        sg4::Mailbox* mine = sg4::Mailbox::by_name("halo." + std::to_string(r));
        static int token = 0;
        std::vector<void*> received(peers.size());
        for (int i = 0; i < iterations; ++i) {
          std::vector<sg4::CommPtr> pending;
          for (std::size_t k = 0; k < peers.size(); ++k)
            pending.push_back(mine->get_async(&received[k]));
          for (int p : peers)
            pending.push_back(sg4::Mailbox::by_name("halo." + std::to_string(p))->put_async(&token, bytes));
          sg4::Comm::wait_all(pending);
        }
      }));
    for (auto& a : ranks)
      a->join();
    bare_wall = seconds_since(t0);
    bare_sim = sg4::Engine::get_clock() - s0;
  });
  world.engine().run();

  std::printf("halo exchange: %d ranks on %d ASCI Q nodes, 4 neighbours, %llu B, %d iterations = %.0f messages\n",
              nodes, nodes, static_cast<unsigned long long>(bytes), iterations, messages);
  std::printf("  mpi::Comm (%s): wall %.3f s, simulated %.1f us, %.0f messages per wall second\n",
              scenario.mpi().c_str(), mpi_wall, mpi_sim * 1e6, messages / mpi_wall);
  std::printf("  bare S4U:             wall %.3f s, simulated %.1f us, %.0f messages per wall second\n", bare_wall,
              bare_sim * 1e6, messages / bare_wall);
  std::printf("  time steps: mpi %ld, bare %ld\n", mpi_steps, steps - mpi_steps);
  std::printf("  mpi time steps by advance:");
  for (const auto& [decade, count] : gaps)
    std::printf(" [1e%d s, 1e%d s) %ld;", decade, decade + 1, count);
  std::printf("\n");
  // The bare program starts exactly one comm per message (on_completion fires for both ends of a mailbox comm).
  const double bare_activities = messages;
  std::printf("  per message: mpi %.2f comms, %.2f executions, %.2f sleeps = %.2f activities, %.2f actors created;"
              " bare 1 comm, %.2f actors created\n",
              mpi_activities.comms / messages, mpi_activities.execs / messages, mpi_activities.sleeps / messages,
              mpi_activities.total() / messages, mpi_activities.actors / messages, counted.actors / messages);
  std::printf("  wall per activity: mpi %.2f us, bare %.2f us (ratio %.2f)\n", 1e6 * mpi_wall / mpi_activities.total(),
              1e6 * bare_wall / bare_activities, (mpi_wall / mpi_activities.total()) / (bare_wall / bare_activities));
  std::printf("  ratio (wall per message, mpi / bare): %.2f (target <= 2)\n", mpi_wall / bare_wall);
  return 0;
}
