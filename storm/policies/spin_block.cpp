// Spin-block, or implicit coscheduling (thesis ch. 6 §6.2, Arpaci-Dusseau et al. [2]): no global coordination.
// A process waiting in a blocking call spins for the spin time, then blocks and gives up its PE; the node's OS
// scheduler (PeView::os_pick, Linux 2.4's counters with a time slice of one quantum) gives the PE to another, and
// a process whose wait ended takes it back at once if it has more of its slice left than the holder (the boost a
// sleeper gets, which lets communicating peers self-synchronise).
#include "storm/policies/policies.hpp"

namespace bcssim::storm {
namespace {

class SpinBlock final : public Policy {
public:
  SpinBlock(double spin, double slice) : spin_(spin), slice_(slice) {}
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override { return spin_; }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    return pe.os_pick([](const LocalProcess&) { return true; });
  }
  double os_slice() const override { return slice_; }

private:
  double spin_;
  double slice_;
};

} // namespace

std::unique_ptr<Policy> make_spin_block(const PolicySpec& spec)
{
  return std::make_unique<SpinBlock>(spec.spin_time, spec.quantum);
}

} // namespace bcssim::storm
