#pragma once
// platform.fidelity = message (docs/model.md, "The message-level tier"): the folded delays of the scenario's MPI
// backend, derived from its stage-level model's own microbenchmarks, never entered by hand. Two measurements,
// each in a child process of its own (SimGrid allows one engine per process), at the sizes the backend names,
// between two nodes and within one: the stage-level model, and the message-level tier with every delay at zero.
// What the first takes beyond the second is the delay (mpi::MessageTier::fold).
#include "mpi/backend.hpp"
#include "sim/config/scenario.hpp"

#include <memory>
#include <vector>

namespace bcssim::sim {

/// How much of a message the simulation acts out (platform.fidelity).
enum class Fidelity { stages, message };
struct FidelitySpec {
  Fidelity fidelity = Fidelity::stages;
};
const base::ParamGroup<FidelitySpec>& fidelity_params();

/// The folded delays for `scenario`'s machine and backend. Call before this process creates its SimGrid engine.
std::shared_ptr<const elan3::tports::FoldedCosts> derive_message_tier(const Scenario& scenario);

} // namespace bcssim::sim
