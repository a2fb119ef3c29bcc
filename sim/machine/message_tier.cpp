#include "sim/machine/message_tier.hpp"

#include "models/elan3/tports/folded_costs.hpp"
#include "sim/machine/child_run.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/mpi_job.hpp"
#include "sim/machine/world.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <fmt/format.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;

namespace {

// When the late receive is posted: long after an eager message of the measured sizes (or a rendezvous'
// envelope) has arrived, on any machine a scenario can describe (simulated time: waiting costs no CPU).
constexpr double kLateAfter = 1.0; // s
// The receiver posts first, so that the measured exchange finds its receive posted.
constexpr double kPostFirst = 100e-6; // s

mpi::TierSample measure(World& world, const Scenario& scenario, int locality, std::uint64_t bytes)
{
  mpi::TierSample s{locality, bytes};
  const mpi::Placement placement(locality == 0 ? std::vector<mpi::Slot>{{0, 0}, {1, 0}}
                                               : std::vector<mpi::Slot>{{0, 0}, {0, 1}});
  auto run = [&](const std::string& name, const mpi::RankMain& main) {
    MpiJob job(world, scenario, name, placement);
    job.start(main);
    job.join();
    job.check_finished("the message tier's derivation, " + name);
  };
  double start = 0;
  run(fmt::format("posted.{}B", bytes), [&](mpi::Comm& c) {
    if (c.rank() == 1) {
      mpi::Request r = c.irecv(nullptr, bytes, 0, 0);
      c.wait(r);
      s.posted = c.wtime() - start;
    } else {
      c.compute(kPostFirst);
      start = c.wtime();
      mpi::Request r = c.isend(nullptr, bytes, 1, 0);
      c.wait(r);
      s.sent = c.wtime() - start;
    }
  });
  run(fmt::format("late.{}B", bytes), [&](mpi::Comm& c) {
    if (c.rank() == 0) {
      c.wait(c.isend(nullptr, bytes, 1, 0));
      return;
    }
    c.compute(kLateAfter);
    const double posted = c.wtime();
    c.wait(c.irecv(nullptr, bytes, 0, 0));
    s.late = c.wtime() - posted;
  });
  return s;
}

// The measurements themselves, on a World of `scenario` in this process (its engine created and run here): with
// `folded` null the stage-level model, else the message-level tier with those delays.
std::vector<mpi::TierSample> measure_message_tier(const Scenario& scenario,
                                                  std::shared_ptr<const elan3::tports::FoldedCosts> folded)
{
  World world(scenario, {}, folded);
  const mpi::MessageTier& tier = *mpi::backend(scenario.mpi()).message_tier;
  const std::vector<std::uint64_t> sizes = tier.sizes(scenario);
  const int localities = machine_size(scenario).pes_per_node >= 2 ? 2 : 1;
  std::vector<mpi::TierSample> samples;
  sg4::Actor::create("message_tier", world.platform().cpu(0), [&] {
    for (int l = 0; l < localities; ++l)
      for (std::uint64_t bytes : sizes)
        samples.push_back(measure(world, scenario, l, bytes));
  });
  world.engine().run();
  if (samples.size() != sizes.size() * localities)
    throw std::logic_error("the message tier's derivation did not finish");
  return samples;
}

// Runs measure_message_tier in a child process; its samples come back as hexadecimal floats (exact).
std::vector<mpi::TierSample> measure_in_child(const Scenario& scenario,
                                              std::shared_ptr<const elan3::tports::FoldedCosts> folded)
{
  const std::string text = run_in_child(
      [&] {
        std::string out;
        for (const mpi::TierSample& s : measure_message_tier(scenario, folded))
          out += fmt::format("{} {} {:a} {:a} {:a}\n", s.locality, s.bytes, s.posted, s.sent, s.late);
        return out;
      },
      "deriving the message tier's delays");
  std::vector<mpi::TierSample> samples;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    mpi::TierSample s;
    char* p = nullptr;
    s.locality = int(std::strtol(line.c_str(), &p, 10));
    s.bytes = std::strtoull(p, &p, 10);
    s.posted = std::strtod(p, &p);
    s.sent = std::strtod(p, &p);
    s.late = std::strtod(p, &p);
    samples.push_back(s);
  }
  return samples;
}

} // namespace

const base::ParamGroup<FidelitySpec>& fidelity_params()
{
  static const base::ParamGroup<FidelitySpec> g = [] {
    base::ParamGroup<FidelitySpec> g("platform");
    g.choice("fidelity", &FidelitySpec::fidelity, "stages",
             {{"stages", Fidelity::stages}, {"message", Fidelity::message}},
             "How much of a message the simulation acts out. stages: every stage the sources describe (the host's "
             "post, the PCI bus, the DMA engine, the NIC thread's matching, the network), each an activity of its "
             "own. message (a coarser tier, for long workloads): one transfer per message over the same route and "
             "links, PCI buses included, and every other stage folded into delays by message size that are derived "
             "automatically, before the run, from the stage-level model's own microbenchmarks on the same machine "
             "(docs/model.md, the message-level tier; its error against stages: docs/validation.md). On BCS-MPI the "
             "Strobe Receiver runs the Buffer Sender's, Buffer Receiver's and DMA Helper's work itself and each "
             "descriptor put and get request is the closed form of its stage (nothing to derive).",
             "simulator option (issue 47); its delays derived, never entered by hand");
    return g;
  }();
  return g;
}

std::shared_ptr<const elan3::tports::FoldedCosts> derive_message_tier(const Scenario& scenario)
{
  // The microbenchmarks run on this machine and backend, alone: no OS noise, the stage-level tier.
  const Scenario quiet = scenario.with({{"noise", {{"cpu", {{"period", "0s"}}}, {"nic", {{"period", "0s"}}}}}});
  const Scenario stages = quiet.with({{"platform", {{"fidelity", "stages"}}}});
  const mpi::Backend& backend = mpi::backend(scenario.mpi());
  const std::vector<mpi::TierSample> staged = measure_in_child(stages, nullptr);
  const std::vector<mpi::TierSample> unfolded =
      measure_in_child(quiet, std::make_shared<const elan3::tports::FoldedCosts>());
  return backend.message_tier->fold(scenario, staged, unfolded);
}

} // namespace bcssim::sim
