#pragma once
// The local half of a coscheduling algorithm (thesis ch. 6 §6.2): given one PE's processes, the slot the Machine
// Manager's last global context switch named and what happened since, which process holds the PE now, and how
// long a process that begins a blocking wait spins on it before giving it up. One class per algorithm, one file
// each in storm/policies/; the list of algorithms is storm/policies.hpp. A pure decision: the Node Manager
// (storm/node_manager.hpp) carries it out.
#include "storm/local_process.hpp"

#include <optional>
#include <vector>

namespace bcssim::storm {

/// One PE at a decision.
struct PeView {
  std::vector<const LocalProcess*> processes; // placed on it, by key
  std::optional<ProcessKey> holder;           // who holds it now
  double holder_since = 0;                    // s: since when (the end of the switch that gave it the PE)
  std::optional<unsigned> slot;               // the row the last global context switch named (none yet)
  bool switched = false;                      // a global context switch arrived since the last decision
  std::optional<ProcessKey> woken;            // the lowest-keyed process whose blocked wait ended since then
  double now = 0;

  const LocalProcess* find(ProcessKey k) const;
  /// The process of the slot's row on this PE, if any.
  const LocalProcess* slot_process() const;
  /// Local time slicing (as the node's OS does): at a global context switch, the holder has had the PE for at
  /// least `slice` without giving it up.
  bool slice_over(double slice) const { return switched && holder && now - holder_since >= slice * (1 - 1e-9); }
  /// Round robin among the processes that want the PE (not blocked) and pass `eligible`: the holder keeps it
  /// unless `rotate`, else the next one after the holder in key order (wrapping around).
  template <class Eligible>
  std::optional<ProcessKey> round_robin(bool rotate, Eligible eligible) const;
};

class Policy {
public:
  virtual ~Policy() = default;
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
};

template <class Eligible>
std::optional<ProcessKey> PeView::round_robin(bool rotate, Eligible eligible) const
{
  auto wants = [&](const LocalProcess* p) { return p->activity != Activity::blocked && eligible(*p); };
  if (holder && !rotate)
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

} // namespace bcssim::storm
