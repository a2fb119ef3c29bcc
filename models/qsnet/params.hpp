#pragma once
// The QsNet parameters, declared once beside their specs (base/params.hpp): the fat tree and its nodes, the Elite
// links and the ack-limited model, hardware multicast and the global query.
#include "base/params.hpp"
#include "models/qsnet/multicast.hpp"
#include "models/qsnet/platform.hpp"

#include <cstdint>

namespace bcssim::qsnet {

/// The global query's cost (GlobalQuery's constructor argument).
struct QuerySpec {
  double per_level = 0; // s added at each switch level, each way
};

/// platform.*: nodes, tree, links and ack model, PCI, NIC clock. Its rule is the tree's: nodes fit in
/// arity^levels <= 2^24, one cable length per level (the Platform constructor enforces the same rule).
const base::ParamGroup<PlatformSpec>& platform_params();
/// platform.qsnet.multicast.* and platform.qsnet.faults.multicast.
const base::ParamGroup<MulticastSpec>& multicast_params();
/// platform.qsnet.query.*.
const base::ParamGroup<QuerySpec>& query_params();

/// The smallest n with arity^n >= nodes (platform.tree.levels = "auto").
unsigned smallest_levels(unsigned arity, std::uint64_t nodes);

} // namespace bcssim::qsnet
