#pragma once
// job.placement, declared once beside PlacementPolicy (base/params.hpp).
#include "base/params.hpp"
#include "mpi/placement.hpp"

namespace bcssim::mpi {

struct PlacementSpec {
  PlacementPolicy policy = PlacementPolicy::block;
};

/// job.placement: how a job's ranks are dealt over its nodes.
const base::ParamGroup<PlacementSpec>& placement_params();

} // namespace bcssim::mpi
