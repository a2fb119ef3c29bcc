// Flexible coscheduling (thesis ch. 6 §6.2.1, Frachtenberg et al. [38, 39]). At the end of each timeslice (each
// global context switch) the processes of the slot that ends are classified from what their Node Manager measured
// of their blocking calls during it (Figure 6.1):
//   - granularity: CPU time per computation phase (between blocking calls, back-to-back calls ending one phase:
//     kPhaseGap); coarser than scheduler.fcs.granularity -> DC;
//   - else effectiveness: time waiting in its blocking calls against its computation; waiting no more than
//     scheduler.fcs.effectiveness of it -> CS, else F (a load imbalance keeps it from using its slot).
// A process that completed no computation phase in its slot (and computed less than the threshold) keeps its
// class; a new process starts CS (it is gang scheduled until measured). [39] gives FCS's own thresholds, which we
// could not obtain: the defaults are assumptions, declared as such with the parameters.
// Scheduling: in its slot a CS process holds its PE exclusively and spins in blocking calls (it is coscheduled,
// so blocking gains nothing); an F process runs first, spin-blocks, and the others fill the holes it leaves; in
// any other case the node's OS scheduler shares the PE as under spin-block. The NM thus overrules the MM for F
// and DC slots.
#include "storm/policies/policies.hpp"

#include <algorithm>
#include <limits>

namespace bcssim::storm {
namespace {

class Fcs final : public Policy {
public:
  explicit Fcs(const PolicySpec& spec) : spin_(spec.spin_time), slice_(spec.quantum), fcs_(spec.fcs) {}

  double spin_limit(const LocalProcess& p, std::optional<unsigned> slot) const override
  {
    return p.fcs == FcsClass::cs && p.row == slot ? std::numeric_limits<double>::infinity() : spin_;
  }

  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    if (const LocalProcess* s = pe.slot_process()) {
      if (s->fcs == FcsClass::cs)
        return s->key;
      if (s->fcs == FcsClass::f && s->activity != Activity::blocked)
        return s->key;
    }
    return pe.os_pick([](const LocalProcess&) { return true; });
  }
  double os_slice() const override { return slice_; }

  void at_global_switch(std::vector<LocalProcess*>& processes, std::optional<unsigned> ending_slot) const override
  {
    for (LocalProcess* p : processes) {
      if (p->row != ending_slot)
        continue;
      const WaitStats& s = p->stats;
      if ((s.phases > 0 && s.phase_compute > fcs_.granularity * double(s.phases)) ||
          (s.phases == 0 && s.compute > fcs_.granularity))
        p->fcs = FcsClass::dc; // coarse: longer phases than the threshold, or one longer phase so far
      else if (s.phases > 0)
        p->fcs = s.waited <= fcs_.effectiveness * s.compute ? FcsClass::cs : FcsClass::f;
      // else: no whole phase seen in its slot, nothing to go by: it keeps its class
    }
  }
  bool classifies() const override { return true; }

private:
  double spin_;
  double slice_; // the node OS's time slice
  FcsSpec fcs_;
};

} // namespace

std::unique_ptr<Policy> make_fcs(const PolicySpec& spec) { return std::make_unique<Fcs>(spec); }

} // namespace bcssim::storm
