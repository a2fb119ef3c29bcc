#include "storm/launch/process_launch.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cmath>
#include <stdexcept>

namespace bcssim::storm::launch {
namespace sg4 = simgrid::s4u;

ProcessLaunch::ProcessLaunch(bcs::core::CorePrimitives& primitives, const elan3::HostInterface& host,
                             std::vector<FileHelper*> helpers, const LaunchSpec& spec, std::vector<unsigned> nodes,
                             double tick, std::uint64_t key)
    : core_(primitives), host_(host), helpers_(std::move(helpers)), spec_(spec), nodes_(std::move(nodes)), tick_(tick),
      key_(key)
{
  if (nodes_.empty())
    throw std::invalid_argument("ProcessLaunch: a job on no node");
  const unsigned first = nodes_.front() == 0 ? (nodes_.size() > 1 ? nodes_[1] : 0) : nodes_.front();
  if (nodes_.back() > 0) { // receivers: the job's nodes but node 0, and the range they span
    std::vector<char> keeps(nodes_.back() - first + 1, 0);
    for (unsigned n : nodes_)
      if (n >= first)
        keeps[n - first] = 1;
    transfer_ =
        std::make_unique<BinaryTransfer>(core_, helpers_, spec_, 0, first, nodes_.back(), std::move(keeps), key_);
  }
  command_sent_ = core_.machine().memory.new_event();
}

ProcessLaunch::~ProcessLaunch() = default;

ProcessLaunchTimes ProcessLaunch::run()
{
  ProcessLaunchTimes times;
  double noted = sg4::Engine::get_clock();
  if (transfer_) {
    host_.post_descriptor(0); // the MM hands the transfer to its NIC
    const sg4::SemaphorePtr done = sg4::Semaphore::create(0);
    transfer_->start([done] { done->release(); });
    done->acquire();
    times.transferred = sg4::Engine::get_clock();
    // The MM notes it at its first tick strictly after (§4.3.1.1: the transfer takes at least one timeslice).
    noted = (std::floor(times.transferred / tick_) + 1) * tick_;
    sg4::this_actor::sleep_until(noted);
  }
  base::emit("storm.launch.command", key_);
  bcs::core::XferAndSignal command;
  command.src = 0;
  command.dst = bcs::core::NodeSet::range(nodes_.front(), nodes_.back());
  command.bytes = spec_.descriptor_bytes;
  command.local_event = command_sent_;
  core_.xfer_and_signal(command);
  core_.test_event(0, command_sent_, true);
  host_.notify_host(nodes_.front()); // every NM of the job wakes up across its PCI bus, in parallel
  times.command = sg4::Engine::get_clock();
  return times;
}

} // namespace bcssim::storm::launch
