#include "storm/launch/file_helper.hpp"

#include "base/event_stream.hpp"

#include <fmt/format.h>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace bcssim::storm::launch {
namespace sg4 = simgrid::s4u;

FileHelper::FileHelper(const elan3::HostInterface& host, sg4::Host* cpu, unsigned node)
    : host_(host), cpu_(cpu), node_(node), pending_(sg4::Semaphore::create(0))
{
  actor_ = sg4::Actor::create("storm.file_helper", cpu_, [this] { loop(); });
  actor_->daemonize();
  inbox_ = sg4::Mailbox::by_name(fmt::format("storm.helper.{}", node_));
  inbox_->set_receiver(actor_);
}

void FileHelper::stop()
{
  if (actor_) {
    actor_->kill();
    actor_ = nullptr;
  }
}

void FileHelper::set_busy_node(double quantum, double phase)
{
  quantum_ = quantum;
  phase_ = phase;
}

void FileHelper::run(double seconds, std::uint64_t key)
{
  // The NIC thread's kernel trap: a word written to host memory across PCI, which wakes the helper (as
  // HostInterface::notify_host).
  static char token = 0;
  inbox_->put(&token, 8);
  sg4::this_actor::sleep_for(host_.spec().wake_cost);
  base::emit("host.wake", 8);
  sg4::Mailbox* reply = sg4::Mailbox::by_name(fmt::format("storm.helper.{}.{}", node_, key));
  queue_.push_back(Request{sg4::Engine::get_clock(), key, seconds, reply});
  pending_->release();
  reply->get<char>();
}

void FileHelper::loop()
{
  for (;;) {
    pending_->acquire();
    // Let every request of this instant arrive, then serve the first by (instant, key), not by actor order.
    sg4::this_actor::yield();
    auto first = std::min_element(queue_.begin(), queue_.end(), [](const Request& a, const Request& b) {
      return std::tie(a.made, a.key) < std::tie(b.made, b.key);
    });
    Request r = std::move(*first);
    queue_.erase(first);
    if (quantum_ > 0) { // it gets a PE when a time slice ends
      const double t = sg4::Engine::get_clock();
      sg4::this_actor::sleep_until(phase_ + std::ceil((t - phase_) / quantum_) * quantum_);
    }
    base::emit("storm.helper", std::uint64_t(r.seconds * 1e9));
    if (r.seconds > 0)
      sg4::this_actor::execute(r.seconds * cpu_->get_speed());
    inbox_->get<char>(); // the request's wake-up word, long arrived
    // Its completion, written to the NIC (as HostInterface::post_descriptor) where the thread waits for it.
    base::emit("host.post", host_.spec().descriptor_bytes);
    sg4::this_actor::sleep_for(host_.spec().post_cost);
    static char done = 0;
    r.reply->put(&done, host_.spec().descriptor_bytes);
  }
}

} // namespace bcssim::storm::launch
