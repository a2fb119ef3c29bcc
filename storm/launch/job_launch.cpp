#include "storm/launch/job_launch.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bcssim::storm::launch {
namespace sg4 = simgrid::s4u;

namespace {
double now() { return sg4::Engine::get_clock(); }
} // namespace

JobLaunch::JobLaunch(bcs::core::CorePrimitives& primitives, const elan3::HostInterface& host, const LaunchSpec& spec,
                     unsigned nodes, unsigned pes, std::uint64_t seed)
    : core_(primitives), host_(host), spec_(spec), nodes_(nodes), pes_(pes)
{
  const qsnet::Platform& platform = core_.machine().platform;
  if (nodes == 0 || nodes > platform.nodes())
    throw std::invalid_argument("JobLaunch: 1 to " + std::to_string(platform.nodes()) + " nodes");
  std::vector<FileHelper*> helpers;
  for (unsigned n = 0; n < nodes; ++n) {
    helpers_.push_back(std::make_unique<FileHelper>(host, platform.cpu(n), n));
    helpers.push_back(helpers_.back().get());
  }
  if (nodes > 1)
    transfer_ = std::make_unique<BinaryTransfer>(core_, helpers, spec_, 0, 1, nodes - 1);
  load_ = std::make_unique<BackgroundLoad>(platform, core_.machine().dma, spec_, nodes, pes, seed);
  elan3::NicMemory& memory = core_.machine().memory;
  launch_ = memory.new_event();
  ended_ = memory.new_word(0);
  record_.command.assign(nodes, -1);
  record_.ended.assign(nodes, -1);
}

JobLaunch::~JobLaunch() = default;

void JobLaunch::start()
{
  const qsnet::Platform& platform = core_.machine().platform;
  std::vector<FileHelper*> helpers;
  for (auto& h : helpers_)
    helpers.push_back(h.get());
  load_->start(helpers);
  transfer_written_ = sg4::Semaphore::create(0);
  // The MM's checks and commands at its ticks are issued by a thread of its NIC (§4.2.2 step 2).
  sg4::Actor::create("storm.mm", platform.nic(0), [this] { machine_manager(); });
  for (unsigned n = 0; n < nodes_; ++n)
    sg4::Actor::create("storm.nm", platform.nic(n), [this, n] { node_manager(n); });
}

bool JobLaunch::all_ended()
{
  bcs::core::CompareAndWrite query;
  query.src = 0;
  query.nodes = bcs::core::NodeSet::range(0, nodes_ - 1);
  query.word = ended_;
  query.op = bcs::core::Compare::ge;
  query.value = 1;
  return core_.compare_and_write(query);
}

void JobLaunch::machine_manager()
{
  // Tick 0: the job arrives; the MM has its NIC send the binary.
  if (transfer_) {
    host_.post_descriptor(0);
    transfer_->start([this] {
      transfer_done_ = now();
      transfer_written_->release();
    });
  } else {
    transfer_done_ = 0;
    transfer_written_->release();
  }
  // The MM notes an event at the first tick after it (one at a tick itself waits for the next: the order in which
  // actors run at one instant never matters). Its ticks until then only look at transfer_done_, so they are
  // computed rather than slept through one by one (a launch of 10^4 s would otherwise wake it 10^7 times, issue
  // 45 item 12): k is the first tick with k * tick > transfer_done_, the same comparison the tick would make.
  transfer_written_->acquire();
  std::int64_t k = std::max<std::int64_t>(1, std::int64_t(std::floor(transfer_done_ / spec_.tick)));
  while (k > 1 && double(k - 1) * spec_.tick > transfer_done_)
    --k;
  while (!(transfer_done_ < double(k) * spec_.tick))
    ++k;
  sg4::this_actor::sleep_until(double(k) * spec_.tick);
  record_.transfer_noted = now();
  base::emit("storm.launch.command", std::uint64_t(nodes_));
  bcs::core::XferAndSignal command;
  command.src = 0;
  command.dst = bcs::core::NodeSet::range(0, nodes_ - 1);
  command.bytes = spec_.descriptor_bytes;
  command.remote_event = launch_;
  core_.xfer_and_signal(command);
  for (++k;; ++k) {
    sg4::this_actor::sleep_until(double(k) * spec_.tick);
    if (all_ended())
      break;
  }
  record_.done = now();
  base::emit("storm.launch.done", std::uint64_t(nodes_));
  for (auto& h : helpers_)
    h->stop();
  load_->stop();
}

void JobLaunch::node_manager(unsigned node)
{
  core_.test_event(node, launch_, true);
  host_.notify_host(node); // the NM, blocked on its NIC, wakes up
  record_.command.at(node) = now();
  // Each Program Launcher forks and execs its process on its PE; the do-nothing process exits at once.
  sg4::Host* cpu = core_.machine().platform.cpu(node);
  std::vector<sg4::ActorPtr> launchers;
  for (unsigned pe = 0; pe < pes_; ++pe)
    launchers.push_back(sg4::Actor::create(
        "storm.pl", cpu, [this, cpu] { sg4::this_actor::execute(spec_.exec_cost * cpu->get_speed()); }));
  for (const sg4::ActorPtr& pl : launchers)
    pl->join();
  host_.post_descriptor(node); // the NM sets its flag in NIC memory
  core_.machine().memory.word(node, ended_) = 1;
  record_.ended.at(node) = now();
}

} // namespace bcssim::storm::launch
