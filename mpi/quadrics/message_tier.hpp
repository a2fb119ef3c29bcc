#pragma once
// The baseline's message-level tier (platform.fidelity = message): which sizes its derivation measures and how
// the measurements become Tports' folded delays (models/elan3/tports/folded_costs.hpp).
#include "mpi/backend.hpp"

namespace bcssim::mpi::quadrics {

/// The registration's part for platform.fidelity = message (mpi/quadrics/backend.cpp).
MessageTier message_tier();

} // namespace bcssim::mpi::quadrics
