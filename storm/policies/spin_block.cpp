// Spin-block, or implicit coscheduling (thesis ch. 6 §6.2, Arpaci-Dusseau et al. [2]): no global coordination.
// A process waiting in a blocking call spins for the spin time, then blocks and gives up its PE; the PE goes
// round robin to the processes that want it, a process whose wait ended takes the PE at once (the priority
// boost a waking process gets from the local OS scheduler, which lets the peers of a communication pair
// self-synchronise), and a process that has held its PE for a whole quantum passes it to the next at the
// following STORM heartbeat (the local OS's time slicing; processes that block often are never sliced).
#include "storm/policies/policies.hpp"

namespace bcssim::storm {
namespace {

class SpinBlock final : public Policy {
public:
  SpinBlock(double spin, double slice) : spin_(spin), slice_(slice) {}
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override { return spin_; }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    if (pe.woken)
      return pe.woken;
    return pe.round_robin(pe.slice_over(slice_), [](const LocalProcess&) { return true; });
  }

private:
  double spin_;
  double slice_;
};

} // namespace

std::unique_ptr<Policy> make_spin_block(const PolicySpec& spec) { return std::make_unique<SpinBlock>(spec.spin_time, spec.quantum); }

} // namespace bcssim::storm
