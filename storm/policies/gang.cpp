// Gang scheduling (thesis ch. 6 §6.2, ch. 4 §4.2.1): every PE runs the process of the slot the Machine Manager's
// last global context switch named, or nobody; a process waiting in a blocking call spins on its PE (it is
// coscheduled with its peers, so blocking would gain nothing).
#include "storm/policies/policies.hpp"

#include <limits>

namespace bcssim::storm {
namespace {

class Gang final : public Policy {
public:
  double spin_limit(const LocalProcess&, std::optional<unsigned>) const override
  {
    return std::numeric_limits<double>::infinity();
  }
  std::optional<ProcessKey> pick(const PeView& pe) const override
  {
    const LocalProcess* s = pe.slot_process();
    return s != nullptr ? std::optional<ProcessKey>(s->key) : std::nullopt;
  }
  // The slot alone decides; a spinning process never blocks, so the Node Manager has nothing to decide at a wait.
  bool reacts_to_waits() const override { return false; }
};

} // namespace

std::unique_ptr<Policy> make_gang(const PolicySpec&) { return std::make_unique<Gang>(); }

} // namespace bcssim::storm
