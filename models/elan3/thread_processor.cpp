#include "models/elan3/thread_processor.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace bcssim::elan3 {
namespace {

// One NIC's core under one_at_a_time. An operation registers and blocks on its own semaphore; at the end of the
// instant (a kernel timer at the current date fires once every thread runnable now has run) the instant's
// operations are queued in thread order behind those already queued, and each is released by a timer at its end.
class OneAtATime {
public:
  explicit OneAtATime(double speed) : speed_(speed) {}

  void run(double cycles)
  {
    const sg4::Actor* self = sg4::Actor::self();
    auto done = sg4::Semaphore::create(0);
    arrived_.push_back(Operation{self->get_name(), self->get_pid(), cycles, done});
    if (!armed_) {
      armed_ = true;
      simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [this] { queue_arrivals(); });
    }
    done->acquire();
  }

private:
  struct Operation {
    std::string thread;
    long pid;
    double cycles;
    sg4::SemaphorePtr done;
  };

  void queue_arrivals()
  {
    armed_ = false;
    std::sort(arrived_.begin(), arrived_.end(), [](const Operation& a, const Operation& b) {
      return std::tie(a.thread, a.pid) < std::tie(b.thread, b.pid);
    });
    const double now = sg4::Engine::get_clock();
    for (const Operation& op : arrived_) {
      free_at_ = std::max(free_at_, now) + op.cycles / speed_;
      simgrid::kernel::timer::Timer::set(free_at_, [done = op.done] { done->release(); });
    }
    arrived_.clear();
  }

  double speed_;
  double free_at_ = 0; // s: when the last queued operation ends
  bool armed_ = false; // a timer will queue this instant's arrivals
  std::vector<Operation> arrived_;
};

const simgrid::xbt::Extension<sg4::Host, OneAtATime>& one_at_a_time()
{
  static const auto extension = sg4::Host::extension_create<OneAtATime>();
  return extension;
}

} // namespace

void run_one_at_a_time(sg4::Host& nic)
{
  if (nic.extension(one_at_a_time()) == nullptr)
    nic.extension_set(one_at_a_time(), new OneAtATime(nic.get_speed()));
}

void run_cycles(double cycles)
{
  if (cycles <= 0)
    return;
  sg4::Host* host = sg4::this_actor::get_host();
  if (OneAtATime* core = host->extension(one_at_a_time()))
    core->run(cycles);
  else
    sg4::this_actor::execute(cycles);
}

} // namespace bcssim::elan3
