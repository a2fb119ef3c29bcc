#include "mpi/placement_params.hpp"

namespace bcssim::mpi {

const base::ParamGroup<PlacementSpec>& placement_params()
{
  static const base::ParamGroup<PlacementSpec> g = [] {
    base::ParamGroup<PlacementSpec> g("job");
    g.choice<PlacementPolicy>("placement", &PlacementSpec::policy, "block",
                              {{"block", PlacementPolicy::block}, {"cyclic", PlacementPolicy::cyclic}},
                              "Ranks to PEs: 'block' fills a node's PEs before the next node, 'cyclic' deals ranks "
                              "over the job's nodes round-robin.",
                              "scenario choice; the paper's runs use block (2 ranks per Crescendo node)");
    return g;
  }();
  return g;
}

} // namespace bcssim::mpi
