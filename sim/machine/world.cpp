#include "sim/machine/world.hpp"

#include "bcs/core/params.hpp"
#include "models/elan3/params.hpp"
#include "models/qsnet/params.hpp"
#include "sim/machine/actor_stacks.hpp"
#include "sim/machine/machine_params.hpp"
#include "sim/machine/message_tier.hpp"

#include <cstdlib>
#include <stdexcept>

namespace bcssim::sim {
namespace {

// SimGrid's deadlock signal is process-wide and outlives engines: count its firings once, compare per World.
std::uint64_t& deadlocks()
{
  static std::uint64_t count = 0;
  return count;
}

std::uint64_t deadlock_count()
{
  static const bool connected = [] {
    simgrid::s4u::Engine::on_deadlock_cb([] { ++deadlocks(); });
    return true;
  }();
  (void)connected;
  return deadlocks();
}

} // namespace

bool World::deadlocked() const { return deadlock_count() != deadlocks_at_start_; }

World::World(const Scenario& scenario, const std::vector<std::string>& simgrid_log,
             std::shared_ptr<const elan3::tports::FoldedCosts> folded)
    : impl_(scenario.spec(bcs::core::impl_params()).impl), folded_(std::move(folded))
{
  // The message-level tier's delays are measured in child processes, before this one has an engine.
  if (!folded_ && scenario.spec(fidelity_params()).fidelity == Fidelity::message &&
      mpi::backend(scenario.mpi()).message_tier->fold)
    folded_ = derive_message_tier(scenario);
  // SimGrid reads its options from argv; quiet by default, the user may add --log settings. Its deadlock
  // listing (ker_engine) is off: a deadlocked application is reported rank by rank by the job (sim/machine/mpi_job.hpp).
  // Actor stacks of 256 KiB, a guard page under each on small machines only: sim/machine/actor_stacks.hpp (a guard
  // splits every stack into two memory mappings, and a 4096-node BCS-MPI machine, ~29 k actors, would pass
  // Linux's default limit of 65,530 mappings per process and abort). Stacks stay untouched zero pages until
  // used (glibc serves each from a fresh mmap; from the heap they would be zeroed page by page: 23 GB resident
  // for 2048 nodes once).
  args_ = {"bcssim", "--log=root.thres:warning", "--log=ker_engine.additivity:off"};
  for (const auto& a : actor_stack_config(scenario))
    args_.push_back(a);
  // BCSSIM_CONTEXT_FACTORY=thread runs every actor on a system thread (one at a time, so the simulation is the
  // same): the sanitizer builds use it, since Debian's SimGrid switches its raw contexts without telling
  // AddressSanitizer, which then reports false stack overflows at every noreturn call (bench/README.md).
  if (const char* factory = std::getenv("BCSSIM_CONTEXT_FACTORY"); factory != nullptr && *factory != '\0')
    args_.push_back(std::string("--cfg=contexts/factory:") + factory);
  for (const auto& l : simgrid_log)
    args_.push_back("--log=" + l); // (bcssim's dotted names made identifiers by the front end: to_simgrid)
  for (auto& a : args_)
    argv_.push_back(a.data());
  int argc = int(argv_.size());
  engine_ = std::make_unique<simgrid::s4u::Engine>(&argc, argv_.data());
  deadlocks_at_start_ = deadlock_count();

  platform_spec_ = scenario.spec(qsnet::platform_params());
  simgrid_config_ = qsnet::configure_engine(platform_spec_);
  platform_ = std::make_unique<qsnet::Platform>(platform_spec_);
  // OS noise: one seeded stream per host.
  const noise::NoiseSpec cpu_noise = noise_spec(scenario, "cpu");
  const noise::NoiseSpec nic_noise = noise_spec(scenario, "nic");
  const auto seed = scenario.seed();
  for (unsigned n = 0; n < platform_->nodes(); ++n) {
    noise::apply(*platform_->cpu(n), cpu_noise, seed, noise::cpu_key(n), "cpu");
    noise::apply(*platform_->nic(n), nic_noise, seed, noise::nic_key(n), "nic");
  }
  if (scenario.spec(elan3::thread_processor_params()).scheduling == elan3::ThreadScheduling::one_at_a_time)
    for (unsigned n = 0; n < platform_->nodes(); ++n)
      elan3::run_one_at_a_time(*platform_->nic(n), nic_noise.enabled());
  multicast_ = std::make_unique<qsnet::HardwareMulticast>(*platform_, scenario.spec(qsnet::multicast_params()));
  dma_ = std::make_unique<elan3::DmaEngine>(*platform_, scenario.spec(elan3::dma_params()), *multicast_);
  query_ = std::make_unique<qsnet::GlobalQuery>(*multicast_, scenario.spec(qsnet::query_params()).per_level);
  memory_ = std::make_unique<elan3::NicMemory>(platform_->nodes());
  host_ = std::make_unique<elan3::HostInterface>(*platform_, scenario.spec(elan3::host_interface_params()));
  machine_.reset(
      new bcs::core::Machine{*platform_, *dma_, *memory_, *query_, scenario.spec(elan3::thread_cost_params())});
  software_tree_ =
      std::make_unique<bcs::core::SoftwareTree>(*machine_, scenario.spec(bcs::core::software_tree_params()));
  qsnet_hw_ = std::make_unique<bcs::core::QsNetHw>(*machine_, *software_tree_);
  runtime_spec_ = runtime_spec(scenario);
}

bcs::runtime::Runtime& World::bcs_runtime()
{
  if (!runtime_)
    runtime_ = std::make_unique<bcs::runtime::Runtime>(primitives(), *host_, runtime_spec_);
  return *runtime_;
}

bcs::core::CorePrimitives& World::primitives(const std::string& name)
{
  // Matched by each instance's own name (bcs/core/implementations.hpp): no implementation named here.
  for (bcs::core::CorePrimitives* p : {static_cast<bcs::core::CorePrimitives*>(qsnet_hw_.get()),
                                       static_cast<bcs::core::CorePrimitives*>(software_tree_.get())})
    if (p->name() == name)
      return *p;
  throw std::invalid_argument("World::primitives: no implementation '" + name + "'");
}

mpi::MachineAccess World::mpi_access()
{
  return mpi::MachineAccess{*dma_, *host_, *qsnet_hw_, [this]() -> bcs::runtime::Runtime& { return bcs_runtime(); },
                            folded_};
}

} // namespace bcssim::sim
