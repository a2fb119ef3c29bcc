// Spin-block, or implicit coscheduling (thesis ch. 6 §6.2, Arpaci-Dusseau et al. [2]): no global coordination.
// A process waiting in a blocking call spins for the spin time, then blocks and gives up its PE; the PE goes
// round robin to the processes that want it, a process whose wait ended takes the PE at once (the priority
// boost a waking process gets from the local OS scheduler, which lets the peers of a communication pair
// self-synchronise), and at each STORM heartbeat the PE passes to the next process (local time slicing).
#include "storm/policies/policies.hpp"

namespace bcssim::storm {
namespace {

class SpinBlock final : public Policy {
public:
  explicit SpinBlock(double spin) : spin_(spin) {}
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override { return spin_; }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    if (pe.woken)
      return pe.woken;
    return pe.round_robin(pe.switched, [](const LocalProcess&) { return true; });
  }

private:
  double spin_;
};

} // namespace

std::unique_ptr<Policy> make_spin_block(const PolicySpec& spec) { return std::make_unique<SpinBlock>(spec.spin_time); }

} // namespace bcssim::storm
