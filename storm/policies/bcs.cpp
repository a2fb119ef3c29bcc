// Buffered coscheduling (thesis ch. 6 §6.2.2): gang slots from the Machine Manager, and a process that blocks in a
// communication call gives up its PE at once (its transfer happens in a later micro-timeslice anyway); the PE
// goes round robin to the next runnable process, and back to the slot's process as soon as its call has
// completed (BCS-MPI restarts it at a slice boundary). Communication goes on in the NICs whichever process runs.
// PBCS (§6.3.2.3): a job of higher priority than the slot's runs whenever it is ready.
#include "storm/policies/policies.hpp"

#include <climits>

namespace bcssim::storm {
namespace {

class Bcs : public Policy {
public:
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override { return 0; }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    if (const LocalProcess* s = pe.slot_process(); s != nullptr && s->activity != Activity::blocked)
      return s->key;
    return pe.round_robin([](const LocalProcess&) { return true; });
  }
};

class PriorityBcs final : public Bcs {
public:
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    const LocalProcess* s = pe.slot_process();
    const int floor = s != nullptr && s->activity != Activity::blocked ? s->priority : INT_MIN;
    const LocalProcess* best = nullptr; // the ready process of highest priority, lowest key first
    for (const LocalProcess* p : pe.processes)
      if (p->activity != Activity::blocked && p->priority > floor && (best == nullptr || p->priority > best->priority))
        best = p;
    return best != nullptr ? std::optional<ProcessKey>(best->key) : Bcs::pick(pe);
  }
};

} // namespace

std::unique_ptr<Policy> make_bcs(const PolicySpec&) { return std::make_unique<Bcs>(); }
std::unique_ptr<Policy> make_pbcs(const PolicySpec&) { return std::make_unique<PriorityBcs>(); }

} // namespace bcssim::storm
