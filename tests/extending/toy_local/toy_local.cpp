// docs/extending.md's example scheduler: local scheduling without coordination. Each PE's OS scheduler
// (PeView::os_pick, a time slice of one quantum) gives it to its processes in turn, whatever the Machine Manager's
// slot; a process in a blocking call spins until its slice ends.
#include "storm/policies/policies.hpp"

#include <limits>

namespace bcssim::storm {
namespace {

class ToyLocal final : public Policy {
public:
  explicit ToyLocal(double slice) : slice_(slice) {}
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override
  {
    return std::numeric_limits<double>::infinity();
  }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    return pe.os_pick([](const LocalProcess&) { return true; });
  }
  double os_slice() const override { return slice_; }

private:
  double slice_;
};

} // namespace

std::unique_ptr<Policy> make_toy_local(const PolicySpec& spec) { return std::make_unique<ToyLocal>(spec.quantum); }

} // namespace bcssim::storm
