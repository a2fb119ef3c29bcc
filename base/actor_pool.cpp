#include "base/actor_pool.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

namespace bcssim::base {
namespace sg4 = simgrid::s4u;

struct ActorPool::Worker {
  sg4::SemaphorePtr go = sg4::Semaphore::create(0);
  std::string task_name;
  std::function<void()> task;
  bool kept = false; // its task holds the keeper
};

namespace {
// A pool actor's current task name, set once when the actor is created (its Worker owns the string).
simgrid::xbt::Extension<sg4::Actor, std::string> task_name_of()
{
  static const auto extension = sg4::Actor::extension_create<std::string>([](void*) {});
  return extension;
}

// The simulation ends when its last non-daemon actor does, and SimGrid then kills the daemons. Pool actors are
// daemons, so that an idle one neither holds the simulation open nor counts as deadlocked; while any pooled task
// runs, one non-daemon keeper stays, as the task's own actor would have (a NIC finishes the DMAs it was given
// even after every process has exited). A task started by a daemon (a NIC thread of a runtime) needs no keeper:
// its starter would not have kept the simulation open either; one started by a pooled task inherits that task's
// need (a hop of a software tree started by a process). One engine per process, so one count.
struct Keeper {
  unsigned busy = 0;         // kept tasks running
  sg4::SemaphorePtr done;    // the keeper actor's, while one runs
  unsigned holders = 0;      // live PoolHolders: while any, no keeper actor is needed
  sg4::SemaphorePtr drained; // a draining PoolHolder's, while it waits
};
Keeper keeper;

// A pool actor's current task's need of the keeper, set once when the actor is created (its Worker owns it).
simgrid::xbt::Extension<sg4::Actor, bool> kept_of()
{
  static const auto extension = sg4::Actor::extension_create<bool>([](void*) {});
  return extension;
}

bool needs_keeper()
{
  const sg4::Actor* self = sg4::Actor::self();
  if (self == nullptr || !self->is_daemon())
    return true;
  const bool* pooled = self->extension(kept_of());
  return pooled != nullptr && *pooled;
}

void task_begins(sg4::Host* host)
{
  if (keeper.busy++ > 0 || keeper.holders > 0)
    return;
  keeper.done = sg4::Semaphore::create(0);
  sg4::Actor::create("pool.keeper", host, [done = keeper.done] { done->acquire(); });
}

void task_ends()
{
  if (--keeper.busy > 0)
    return;
  // Let go of them before releasing: release() is a simcall, and other actors (perhaps starting a new keeper)
  // run before this one resumes.
  const sg4::SemaphorePtr done = std::move(keeper.done);
  keeper.done = nullptr;
  const sg4::SemaphorePtr drained = std::move(keeper.drained);
  keeper.drained = nullptr;
  if (done)
    done->release();
  if (drained)
    drained->release();
}
} // namespace

PoolHolder::PoolHolder() { ++keeper.holders; }

PoolHolder::~PoolHolder()
{
  if (!drained_)
    --keeper.holders; // destroyed without drain(): the actor was killed, the simulation is ending
}

void PoolHolder::drain()
{
  // Until busy is seen at 0 no new task gets a keeper; from the decrement on (no simcall between), each does.
  while (keeper.busy > 0) {
    keeper.drained = sg4::Semaphore::create(0);
    const sg4::SemaphorePtr drained = keeper.drained;
    drained->acquire();
  }
  --keeper.holders;
  drained_ = true;
}

ActorPool::ActorPool(sg4::Host* host, std::string name) : host_(host), name_(std::move(name)) {}

ActorPool::~ActorPool() = default;

void ActorPool::start(std::string task_name, std::function<void()> task)
{
  const bool kept = needs_keeper();
  if (kept)
    task_begins(host_); // now: the caller may exit before the task's actor first runs
  if (!idle_.empty()) { // wake the idle actor: it runs in the next scheduling round, as a new actor would
    Worker* w = idle_.back();
    idle_.pop_back();
    w->task_name = std::move(task_name);
    w->task = std::move(task);
    w->kept = kept;
    w->go->release();
    return;
  }
  workers_.push_back(std::make_unique<Worker>());
  Worker* w = workers_.back().get();
  w->task_name = std::move(task_name);
  w->task = std::move(task);
  w->kept = kept;
  sg4::ActorPtr actor = sg4::Actor::init(name_, host_);
  actor->extension_set(task_name_of(), &w->task_name);
  actor->extension_set(kept_of(), &w->kept);
  actor->start([this, w] { loop(*w); }); // its first task at once: no semaphore round trip
  actor->daemonize();
}

void ActorPool::loop(Worker& w)
{
  for (;;) {
    std::function<void()> task = std::move(w.task);
    w.task = nullptr;
    task();
    if (w.kept)
      task_ends();
    w.task_name = name_;
    idle_.push_back(&w);
    w.go->acquire();
  }
}

std::string_view actor_name(const sg4::Actor& actor)
{
  if (const std::string* task = actor.extension(task_name_of()))
    return *task;
  return actor.get_name();
}

} // namespace bcssim::base
