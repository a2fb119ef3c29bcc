#pragma once
// The Monitoring and Debugging System's parameters (000 §5), declared once beside its specs (base/params.hpp).
#include "base/params.hpp"
#include "bcs/mds/emds.hpp"
#include "bcs/mds/mmds.hpp"

namespace bcssim::bcs::mds {

/// bcs.mds.mmds, resolution, size_resolution, primitives: the processes' MMDS.
const base::ParamGroup<MmdsSpec>& mmds_params();
/// bcs.mds.emds*: the NICs' EMDS. Its rule: at most kEmdsMaxSlices slices.
const base::ParamGroup<EmdsSpec>& emds_params();

} // namespace bcssim::bcs::mds
