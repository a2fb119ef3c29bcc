#pragma once
// The local half of a coscheduling algorithm (thesis ch. 6 §6.2): given one PE's processes, the slot the Machine
// Manager's last global context switch named and what happened since, which process holds the PE now, and how
// long a process that begins a blocking wait spins on it before giving it up. One class per algorithm, one file
// each in storm/policies/; the list of algorithms is storm/algorithms.hpp. A pure decision: the Node Manager
// (storm/node_manager.hpp) carries it out.
#include "storm/local_process.hpp"

#include <optional>
#include <vector>

namespace bcssim::storm {

/// One PE at a decision.
struct PeView {
  std::vector<const LocalProcess*> processes; // placed on it, by key
  std::optional<ProcessKey> holder;           // who holds it now
  std::optional<unsigned> slot;               // the row the last global context switch named (none yet)
  std::optional<ProcessKey> woken;            // the lowest-keyed process whose blocked wait ended since then

  const LocalProcess* find(ProcessKey k) const;
  /// The process of the slot's row on this PE, if any.
  const LocalProcess* slot_process() const;
  /// The node OS's choice among the processes that want the PE and pass `eligible` (Linux 2.4's epoch scheduler:
  /// each process's counter is the time slice it has left): a process whose wait just ended takes the PE if it
  /// has more left than the holder (the boost a sleeper gets); else the holder keeps it while it has some left;
  /// else the one with the most left, ties in key order after the holder.
  template <class Eligible> std::optional<ProcessKey> os_pick(Eligible eligible) const;
  /// Round robin among the processes that want the PE (not blocked) and pass `eligible`: the holder keeps it,
  /// else the next one after the holder in key order (wrapping around).
  template <class Eligible> std::optional<ProcessKey> round_robin(Eligible eligible) const;
};

class Policy {
public:
  virtual ~Policy() = default;
  /// The node OS's time slice of the processes it schedules (os_pick), s; 0: the policy does not use it.
  virtual double os_slice() const { return 0; }
  /// s a process spins in a blocking wait before giving up its PE while `slot` runs (infinity: it never gives
  /// it up).
  virtual double spin_limit(const LocalProcess& p, std::optional<unsigned> slot) const = 0;
  /// Who holds the PE now (nullopt: nobody).
  virtual std::optional<ProcessKey> pick(const PeView& pe) const = 0;
  /// At each global context switch, before the decisions, `ending_slot` being the slot that ends (FCS classifies
  /// its processes here). Their stats are up to date, and cover the ending slot's processes' own timeslice.
  virtual void at_global_switch(std::vector<LocalProcess*>& processes, std::optional<unsigned> ending_slot) const
  {
    (void)processes;
    (void)ending_slot;
  }
  /// The policy classifies processes (FCS): the run records each process's class over time.
  virtual bool classifies() const { return false; }
  /// A process entering or leaving a blocking wait can change pick's answer (its activity, spin deadline or
  /// woken flag). False when pick ignores them all (gang scheduling): the Node Manager is then not woken for
  /// every blocking call, which changes nothing but the simulator's speed.
  virtual bool reacts_to_waits() const { return true; }
};

template <class Eligible> std::optional<ProcessKey> PeView::round_robin(Eligible eligible) const
{
  auto wants = [&](const LocalProcess* p) { return p->activity != Activity::blocked && eligible(*p); };
  if (holder)
    if (const LocalProcess* h = find(*holder); h != nullptr && wants(h))
      return h->key;
  // The first wanting process after the holder in key order, wrapping around; the holder itself last.
  std::optional<ProcessKey> first, after;
  for (const LocalProcess* p : processes) {
    if (!wants(p))
      continue;
    if (!first)
      first = p->key;
    if (!after && holder && *holder < p->key)
      after = p->key;
  }
  return after ? after : first;
}

template <class Eligible> std::optional<ProcessKey> PeView::os_pick(Eligible eligible) const
{
  auto wants = [&](const LocalProcess* p) { return p != nullptr && p->activity != Activity::blocked && eligible(*p); };
  const LocalProcess* h = holder ? find(*holder) : nullptr;
  if (!wants(h))
    h = nullptr;
  if (woken)
    if (const LocalProcess* w = find(*woken); wants(w) && (h == nullptr || w->counter > h->counter))
      return w->key;
  if (h != nullptr && h->slice_left())
    return h->key;
  // The most time left; among equals the first after the holder in key order, wrapping around.
  const LocalProcess* best = nullptr;
  bool best_after = false;
  for (const LocalProcess* p : processes) {
    if (!wants(p))
      continue;
    const bool after = holder && *holder < p->key;
    if (best == nullptr || p->counter > best->counter || (p->counter == best->counter && after && !best_after)) {
      best = p;
      best_after = after;
    }
  }
  return best != nullptr ? std::optional<ProcessKey>(best->key) : std::nullopt;
}

} // namespace bcssim::storm
