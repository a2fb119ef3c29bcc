#include "storm/node_manager.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <fmt/format.h>

#include <limits>
#include <stdexcept>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(storm_node_manager, storm,
                                "storm.node_manager: STORM's Node Manager as a local scheduler");

namespace bcssim::storm {
namespace sg4 = simgrid::s4u;

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
}

const LocalProcess* PeView::find(ProcessKey k) const
{
  for (const LocalProcess* p : processes)
    if (p->key == k)
      return p;
  return nullptr;
}

const LocalProcess* PeView::slot_process() const
{
  for (const LocalProcess* p : processes)
    if (p->row == slot)
      return p;
  return nullptr;
}

NodeManager::NodeManager(sg4::Host* cpu, unsigned node, unsigned pes, const Policy& policy, double switch_cost,
                         CacheSpec cache, MemorySpec memory)
    : cpu_(cpu), node_(node), policy_(policy), memory_(memory, cpu), woken_(pes), charged_at_(pes, 0)
{
  for (unsigned p = 0; p < pes; ++p)
    pes_.push_back(std::make_unique<Pe>(cpu, node, p, switch_cost, cache, &memory_));
}

void NodeManager::start()
{
  sg4::Actor::create(fmt::format("storm.nm{}", node_), cpu_, [this] { run(); })->daemonize();
}

LocalProcess& NodeManager::process(ProcessKey p)
{
  auto it = processes_.find(p);
  if (it == processes_.end())
    throw std::logic_error(fmt::format("storm: job {} rank {} is not placed on node {}", p.job, p.rank, node_));
  return it->second;
}

void NodeManager::place(ProcessKey p, unsigned pe, unsigned row, int priority, double working_set, double footprint)
{
  pes_.at(pe)->attach(p, working_set, footprint);
  LocalProcess lp;
  lp.key = p;
  lp.pe = pe;
  lp.row = row;
  lp.priority = priority;
  lp.counter = policy_.os_slice();
  processes_.emplace(p, lp);
  if (policy_.classifies())
    classes_.push_back(ClassChange{p, sg4::Engine::get_clock(), lp.fcs});
  notify();
}

void NodeManager::exit(ProcessKey p)
{
  pes_.at(process(p).pe)->detach(p);
  processes_.erase(p);
  notify();
}

void NodeManager::global_switch(unsigned row)
{
  const std::optional<unsigned> ending = slot_;
  slot_ = row;
  if (policy_.classifies()) {
    std::vector<LocalProcess*> all;
    std::vector<FcsClass> before;
    for (auto& [key, lp] : processes_) {
      bring_up_to_date(lp);
      all.push_back(&lp);
      before.push_back(lp.fcs);
    }
    policy_.at_global_switch(all, ending);
    for (LocalProcess* p : all) // what the policy sees next covers the process's own timeslice
      if (slot_ && p->row == *slot_)
        p->stats = p->stats.fresh();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i]->fcs != before[i]) {
        classes_.push_back(ClassChange{all[i]->key, sg4::Engine::get_clock(), all[i]->fcs});
        base::emit("storm.fcs.class", std::uint64_t(all[i]->key.job) << 32 | std::uint64_t(all[i]->key.rank) << 2 |
                                          std::uint64_t(all[i]->fcs));
      }
  }
  notify();
}

void NodeManager::bring_up_to_date(LocalProcess& lp)
{
  const double cpu = pes_.at(lp.pe)->cpu_time(lp.key);
  lp.stats.compute += cpu - lp.stats.last_cpu;
  lp.stats.last_cpu = cpu;
  if (lp.activity != Activity::ready) {
    const double now = sg4::Engine::get_clock();
    lp.stats.waited += now - std::max(lp.wait_since, lp.stats.mark);
    lp.stats.mark = now;
  }
}

void NodeManager::execute(ProcessKey p, double flops) { pes_.at(process(p).pe)->execute(p, flops); }

void NodeManager::wait(ProcessKey p, const std::function<void()>& block, const std::function<bool(double)>& block_until)
{
  LocalProcess& lp = process(p); // std::map: stays valid while p is placed
  Pe& pe = *pes_.at(lp.pe);
  bring_up_to_date(lp);
  if (const double phase = lp.stats.last_cpu - lp.stats.phase_cpu; phase >= kPhaseGap) {
    ++lp.stats.phases;
    lp.stats.phase_compute += phase;
  }
  lp.activity = Activity::waiting;
  lp.wait_since = sg4::Engine::get_clock();
  // No policy tells a process spinning on its PE from one computing on it (they both want it: PeView), so the NM
  // need not look at a wait that ends while the process spins: only the end of its spin changes a decision, and
  // the process watches that date itself (exact: the same decisions at the same dates; the NM's own deadlines
  // and the epochs do not depend on how often it wakes, next_deadline). Else, as when the process does not hold
  // its PE (it blocks at once) or spins no time, the NM decides now.
  const double spin = policy_.spin_limit(lp, slot_);
  if (!policy_.reacts_to_waits()) {
    block();
  } else if (block_until && pe.running() == p && spin > 0) {
    if (spin == kInfinity)
      block();
    else if (!block_until(lp.wait_since + spin)) { // spin time over: the NM blocks it now
      notify();
      block();
    }
  } else {
    notify();
    block();
  }
  bring_up_to_date(lp); // counts the wait
  ++lp.stats.calls;
  const bool was_blocked = lp.activity == Activity::blocked;
  lp.activity = Activity::ready;
  if (was_blocked) { // it gave its PE up: it asks for it back
    std::optional<ProcessKey>& w = woken_.at(lp.pe);
    if (!w || p < *w)
      w = p;
    if (policy_.reacts_to_waits())
      notify(); // (a simcall: the NM may run before this actor goes on)
  }
  pe.await(p);
  lp.stats.phase_cpu = pe.cpu_time(p);
}

void NodeManager::notify()
{
  if (pending_)
    return;
  pending_ = true;
  wake_.release();
}

double NodeManager::next_deadline() const
{
  double end = kInfinity;
  for (const auto& [key, lp] : processes_)
    if (lp.activity == Activity::waiting)
      end = std::min(end, lp.wait_since + policy_.spin_limit(lp, slot_));
  // Linux 2.4 looks at the holder when the timer tick ends its slice, whether or not another process wants the
  // PE: schedule() then gives the PE to one with time left, or, when no runnable process has any, starts a new
  // epoch at that tick (account()). Deciding only when another process wants the PE would start the epoch at
  // whatever next woke the NM, and the results would depend on how often it wakes.
  if (policy_.os_slice() > 0)
    for (unsigned pe = 0; pe < pes_.size(); ++pe)
      if (const auto h = pes_[pe]->running()) {
        const LocalProcess& lp = processes_.at(*h);
        if (lp.slice_left())
          end = std::min(end, charged_at_[pe] + lp.counter);
      }
  return end;
}

void NodeManager::account(unsigned pe)
{
  const double now = sg4::Engine::get_clock();
  if (const auto h = pes_[pe]->running())
    processes_.at(*h).counter -= now - charged_at_[pe];
  charged_at_[pe] = now;
  bool any_left = false, any_wanting = false;
  for (const auto& [key, lp] : processes_)
    if (lp.pe == pe && lp.activity != Activity::blocked) {
      any_wanting = true;
      any_left = any_left || lp.slice_left();
    }
  if (any_wanting && !any_left) // Linux 2.4: counter = counter / 2 + the time slice, for every process
    for (auto& [key, lp] : processes_)
      if (lp.pe == pe)
        lp.counter = std::max(0.0, lp.counter) / 2 + policy_.os_slice();
}

void NodeManager::run()
{
  for (;;) {
    const double end = next_deadline();
    if (pending_) { // (notified while deciding)
    } else if (end == kInfinity) {
      wake_.acquire();
    } else {
      wake_.acquire_until(end);
    }
    pending_ = false;
    const double now = sg4::Engine::get_clock();
    for (auto& [key, lp] : processes_) // spin time over: the process blocks and gives its PE up
      if (lp.activity == Activity::waiting && now >= lp.wait_since + policy_.spin_limit(lp, slot_)) {
        lp.activity = Activity::blocked;
        XBT_VERB("node %u: job %d rank %d blocks (its spin time is over)", node_, key.job, key.rank);
        base::emit("storm.block", std::uint64_t(key.job) << 32 | std::uint64_t(key.rank));
      }
    hold_for_memory();
    for (unsigned pe = 0; pe < pes_.size(); ++pe)
      decide(pe);
    // The preview can differ from a decision (an OS policy's counters, a process that changed state meanwhile):
    // the memory's marks then follow who holds each PE now, by key.
    for (const auto& [key, lp] : processes_)
      if (pes_[lp.pe]->running() == key)
        memory_.hold(key);
      else
        memory_.release(key);
  }
}

void NodeManager::hold_for_memory()
{
  // The node's memory learns the whole switch before any PE switches: every outgoing process released (in PE
  // order), every incoming one held. A PE's switch is a simcall, so an incoming process may run and page before
  // the next PE has switched; its victims must not depend on that order (SimGrid's). The choices are previewed
  // without the decisions' side effects (each PE's decide() makes them again, and its switch corrects the marks
  // should a process have changed state in between); nothing but the memory's victim order reads the marks.
  std::vector<std::optional<ProcessKey>> next(pes_.size());
  for (unsigned pe = 0; pe < pes_.size(); ++pe)
    next[pe] = policy_.pick(view(pe));
  for (unsigned pe = 0; pe < pes_.size(); ++pe)
    if (const auto h = pes_[pe]->running(); h && h != next[pe])
      memory_.release(*h);
  for (unsigned pe = 0; pe < pes_.size(); ++pe)
    if (next[pe])
      memory_.hold(*next[pe]);
}

PeView NodeManager::view(unsigned pe) const
{
  PeView view;
  for (const auto& [key, lp] : processes_)
    if (lp.pe == pe)
      view.processes.push_back(&lp);
  view.holder = pes_[pe]->running();
  view.slot = slot_;
  view.woken = woken_[pe];
  return view;
}

void NodeManager::decide(unsigned pe)
{
  if (policy_.os_slice() > 0)
    account(pe);
  PeView v = view(pe);
  woken_[pe].reset();
  pes_[pe]->switch_to(policy_.pick(v));       // may take the switch's cost
  charged_at_[pe] = sg4::Engine::get_clock(); // (a switch's cost is nobody's time)
  // A process waiting on a PE it no longer holds cannot spin: it is blocked.
  for (auto& [key, lp] : processes_)
    if (lp.pe == pe && lp.activity == Activity::waiting && pes_[pe]->running() != key)
      lp.activity = Activity::blocked;
}

} // namespace bcssim::storm
