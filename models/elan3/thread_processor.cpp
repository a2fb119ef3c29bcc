#include "models/elan3/thread_processor.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(elan3_thread_processor, elan3, "elan3.thread_processor: The Elan3 thread processor");

namespace sg4 = simgrid::s4u;

namespace bcssim::elan3 {
namespace {

// One NIC's core under one_at_a_time. An operation registers and blocks on its own semaphore; at the end of the
// instant (a kernel timer at the current date fires once every thread runnable now has run) the instant's
// operations are queued in thread order behind those already queued.
//  - A core of constant speed: each operation is released by a timer at its end, computed at queueing.
//  - A core whose speed varies (NIC noise, a SimGrid speed profile): only the head of the queue is released; it
//    runs as a SimGrid execution, alone on the core, so the profile times it, then releases the next.
class OneAtATime {
public:
  OneAtATime(std::string nic, double speed, bool speed_varies)
      : nic_(std::move(nic)), speed_(speed), speed_varies_(speed_varies)
  {
  }
  OneAtATime(const OneAtATime&) = delete;
  OneAtATime& operator=(const OneAtATime&) = delete;
  ~OneAtATime() { *alive_ = false; }

  /// Constant speed only (else false): `cycles` of the calling thread's that hold the core after its other
  /// operations of this instant, without blocking it.
  bool occupy(double cycles)
  {
    if (speed_varies_)
      return false;
    // The actor goes on and may end within this instant: its name is kept here for the arrivals' sort.
    const std::string& name = *occupying_.insert(sg4::Actor::self()->get_name()).first;
    arrive(Operation{name, std::numeric_limits<long>::max(), cycles, nullptr, {}, {}});
    return true;
  }

  /// Constant speed only (else false): `cycles` queued for `thread` as its actor's operation of pid `key` would
  /// be, `then` called from the timer at its end.
  bool queue(const std::string& thread, long key, double cycles, std::function<void()> then,
             std::shared_ptr<const bool> alive)
  {
    if (speed_varies_)
      return false;
    arrive(Operation{thread, key, cycles, nullptr, std::move(then), std::move(alive)});
    return true;
  }

  bool constant_speed() const { return !speed_varies_; }

  void watch(std::function<void()> before) { watcher_ = std::move(before); }

  /// Constant speed only: queue_past.
  std::optional<double> past(double at, double cycles)
  {
    if (speed_varies_)
      return std::nullopt;
    free_at_ = std::max(free_at_, at) + cycles / speed_;
    XBT_VERB("%s: %g cycles that arrived at %.9f queued late, end at %.9f", nic_.c_str(), cycles, at, free_at_);
    return free_at_;
  }

  /// Constant speed only, with nothing waiting to be queued at this instant.
  std::optional<double> free_at() const
  {
    if (speed_varies_ || armed_)
      return std::nullopt;
    return free_at_;
  }

  void run(double cycles)
  {
    const sg4::Actor* self = sg4::Actor::self();
    auto semaphore = sg4::Semaphore::create(0);
    arrive(Operation{self->get_name(), self->get_pid(), cycles, semaphore, {}, {}}); // its name lives: it waits
    if (!speed_varies_) {
      semaphore->acquire(); // released at its end
      return;
    }
    // Leaves the queue however the operation ends: done, or its thread killed while it waits or runs (SimGrid
    // unwinds a killed actor's stack), so that the core never stays held by a thread that is gone.
    // At the engine's teardown SimGrid deletes the hosts, and this core with them, before it kills the actors.
    struct Turn {
      OneAtATime& core;
      std::shared_ptr<const bool> core_alive;
      sg4::SemaphorePtr semaphore;
      ~Turn()
      {
        if (*core_alive)
          core.leave(semaphore);
      }
    } turn{*this, alive_, semaphore};
    semaphore->acquire();
    sg4::this_actor::execute(cycles);
  }

private:
  struct Operation {
    std::string_view thread; // a name that lives until the instant's arrivals are queued: not copied, as each of
                             // the hundreds of thousands of operations of a BCS-MPI run did (bench/README.md)
    long pid;
    double cycles;
    sg4::SemaphorePtr semaphore;       // released at the operation's end (constant speed) or start (varying speed);
                                       // null: no actor waits for it (occupy, queue)
    std::function<void()> then;        // queue: called at its end ...
    std::shared_ptr<const bool> alive; // ... if this is null or true (its thread has not ended)
  };
  // A queued operation's `then` until the timer at its end: that timer captures only its slot, so SimGrid keeps it
  // inline instead of allocating a copy of the std::function.
  struct Pending {
    std::function<void()> then;
    std::shared_ptr<const bool> alive;
  };

  std::size_t park(Operation& op)
  {
    std::size_t slot = pending_.size();
    if (!free_slots_.empty()) {
      slot = free_slots_.back();
      free_slots_.pop_back();
    } else {
      pending_.emplace_back();
    }
    pending_[slot] = Pending{std::move(op.then), std::move(op.alive)};
    return slot;
  }

  void end_of(std::size_t slot)
  {
    Pending done = std::move(pending_[slot]);
    free_slots_.push_back(slot);
    if (!done.alive || *done.alive)
      done.then();
  }

  void arrive(Operation op)
  {
    if (watcher_) {
      const auto before = watcher_; // it may watch no more once called
      before();
    }
    arrived_.push_back(std::move(op));
    if (!armed_) {
      armed_ = true;
      simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [this] { queue_arrivals(); });
    }
  }

  // Varying speed: the operation of `semaphore` leaves the core (it held it) or its place in the line.
  void leave(const sg4::SemaphorePtr& semaphore)
  {
    auto mine = [&semaphore](const Operation& op) { return op.semaphore == semaphore; };
    arrived_.erase(std::remove_if(arrived_.begin(), arrived_.end(), mine), arrived_.end());
    const bool held = !queue_.empty() && mine(queue_.front());
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(), mine), queue_.end());
    if (!held || queue_.empty())
      return;
    // Released by a kernel timer at this instant: a killed thread leaves here while its stack unwinds, when
    // SimGrid ignores its simcalls.
    simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(),
                                       [next = queue_.front().semaphore] { next->release(); });
  }

  void queue_arrivals()
  {
    armed_ = false;
    std::sort(arrived_.begin(), arrived_.end(), [](const Operation& a, const Operation& b) {
      return std::tie(a.thread, a.pid) < std::tie(b.thread, b.pid);
    });
    if (speed_varies_) {
      const bool idle = queue_.empty();
      queue_.insert(queue_.end(), arrived_.begin(), arrived_.end());
      if (idle)
        queue_.front().semaphore->release();
    } else {
      const double now = sg4::Engine::get_clock();
      for (Operation& op : arrived_) {
        free_at_ = std::max(free_at_, now) + op.cycles / speed_;
        XBT_VERB("%s: %.*s (%ld): %g cycles queued at %.9f, ends at %.9f", nic_.c_str(), int(op.thread.size()),
                 op.thread.data(), op.pid, op.cycles, now, free_at_);
        if (op.semaphore)
          simgrid::kernel::timer::Timer::set(free_at_, [semaphore = op.semaphore] { semaphore->release(); });
        else if (op.then)
          simgrid::kernel::timer::Timer::set(free_at_, [this, slot = park(op)] { end_of(slot); });
      }
    }
    arrived_.clear();
  }

  std::string nic_; // its name (logs)
  double speed_;
  bool speed_varies_;
  double free_at_ = 0; // s: when the last queued operation ends (constant speed)
  bool armed_ = false; // a timer will queue this instant's arrivals
  std::vector<Operation> arrived_;
  std::vector<Pending> pending_; // by slot
  std::vector<std::size_t> free_slots_;
  std::function<void()> watcher_;   // watch_arrivals
  std::set<std::string> occupying_; // names of the threads that occupied the core (node-based: they stay put)
  std::deque<Operation> queue_;     // varying speed: the operation holding the core first, then those waiting
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true); // false once the host deletes this core
};

const simgrid::xbt::Extension<sg4::Host, OneAtATime>& one_at_a_time()
{
  static const auto extension = sg4::Host::extension_create<OneAtATime>();
  return extension;
}

} // namespace

void run_one_at_a_time(sg4::Host& nic, bool speed_varies)
{
  if (nic.extension(one_at_a_time()) == nullptr)
    nic.extension_set(one_at_a_time(), new OneAtATime(nic.get_name(), nic.get_speed(), speed_varies));
}

std::optional<double> core_free_at(sg4::Host& nic)
{
  const OneAtATime* core = nic.extension(one_at_a_time());
  return core != nullptr ? core->free_at() : std::nullopt;
}

bool occupy_cycles(double cycles)
{
  if (cycles <= 0)
    return true;
  OneAtATime* core = sg4::this_actor::get_host()->extension(one_at_a_time());
  return core != nullptr && core->occupy(cycles);
}

bool queues_without_actor(sg4::Host& nic)
{
  const OneAtATime* core = nic.extension(one_at_a_time());
  return core != nullptr && core->constant_speed();
}

bool queue_cycles(sg4::Host& nic, const std::string& thread, long key, double cycles, std::function<void()> then,
                  std::shared_ptr<const bool> alive)
{
  OneAtATime* core = nic.extension(one_at_a_time());
  if (core == nullptr)
    return false;
  if (cycles <= 0) { // as run_cycles: nothing queued, the thread goes on at once
    if (!core->constant_speed())
      return false;
    if (then && (!alive || *alive))
      then();
    return true;
  }
  return core->queue(thread, key, cycles, std::move(then), std::move(alive));
}

void watch_arrivals(sg4::Host& nic, std::function<void()> before)
{
  if (OneAtATime* core = nic.extension(one_at_a_time()))
    core->watch(std::move(before));
}

std::optional<double> queue_past(sg4::Host& nic, double at, double cycles)
{
  OneAtATime* core = nic.extension(one_at_a_time());
  return core != nullptr ? core->past(at, cycles) : std::nullopt;
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
