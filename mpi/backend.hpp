#pragma once
// An MPI backend: what runs one job's ranks on the machine. Each backend registers once (mpi/backends.cpp) with
// its name, doc, parameters and a factory; everything above mpi/ picks one by name and never by an if-chain.
#include "base/params.hpp"
#include "mpi/comm.hpp"
#include "mpi/job.hpp"
#include "mpi/placement.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bcssim::elan3 {
class DmaEngine;
class HostInterface;
namespace tports {
struct FoldedCosts;
}
} // namespace bcssim::elan3
namespace bcssim::bcs::core {
class CorePrimitives;
}
namespace bcssim::bcs::runtime {
class Runtime;
}

namespace bcssim::mpi {

/// The parts of the simulated machine a backend may use.
struct MachineAccess {
  elan3::DmaEngine& dma;
  const elan3::HostInterface& host;
  bcs::core::CorePrimitives& qsnet_hw;                 // QsNet's hardware multicast and network conditional
  std::function<bcs::runtime::Runtime&()> bcs_runtime; // the machine's BCS-MPI runtime, created on first use
  /// platform.fidelity = message: the folded delays of the message-level tier (null: the stage-level tier).
  std::shared_ptr<const elan3::tports::FoldedCosts> folded;
};

/// One job's share of a backend: its per-job state and a Comm per rank.
class JobBackend {
public:
  virtual ~JobBackend() = default;
  virtual std::unique_ptr<Comm> make_comm(int rank) = 0;
  /// Starts the job's ranks (the default: every rank at once).
  virtual void start(Job& job, RankMain main) { job.start(std::move(main)); }
  /// Every rank has returned: ends the job's NIC threads.
  virtual void stop() {}
  /// The job's ranks are blocked and the simulation ended: why, as the backend's machinery saw it (a sentence
  /// appended to the deadlock report; empty: nothing to add). Throws base::ParamRuleError when a parameter of the
  /// backend made progress impossible.
  virtual std::string diagnose_stall() const { return {}; }
  /// True when barrier and broadcast run on network hardware.
  virtual bool hardware_collectives() const { return false; }
};

/// One measurement of the stage-level microbenchmarks a message-level tier is derived from (sim/machine/
/// message_tier.cpp): a message of `bytes` between two ranks on two nodes (locality 0) or one node (1), s.
struct TierSample {
  int locality = 0;
  std::uint64_t bytes = 0;
  double posted = 0; // from the send's start until the receiver, whose receive was posted, sees it complete
  double sent = 0;   // from the send's start until the sender sees the send complete (in the same exchange)
  double late = 0;   // from a receive's post, the message long sent, until the receiver sees it complete
};

/// How a backend's message-level tier is derived from its stage-level model. Both empty: the tier folds stages
/// into closed forms of the stage model's own times, so nothing is measured (BCS-MPI).
struct MessageTier {
  /// The sizes to measure: every regime's edges and sizes in between (the delays are interpolated between them).
  std::function<std::vector<std::uint64_t>(const base::ParamSource&)> sizes;
  /// The folded delays: what the stage-level model (`stages`) takes beyond the message-level tier with every delay
  /// at zero (`unfolded`), at the same sizes.
  std::function<std::shared_ptr<const elan3::tports::FoldedCosts>(
      const base::ParamSource&, const std::vector<TierSample>& stages, const std::vector<TierSample>& unfolded)>
      fold;
};

struct Backend {
  std::string name;  // as the scenario's "mpi" names it
  std::string title; // as plots name it
  std::string doc;
  /// Its parameters (for the catalogue; the factory reads them from the source).
  std::vector<base::ParamDecl> params;
  std::function<std::unique_ptr<JobBackend>(const MachineAccess&, const base::ParamSource&, const Placement&)> create;
  std::string colour; // its series in every plot ("#rrggbb")
  /// Its message-level tier (platform.fidelity = message; docs/model.md), if it has one.
  std::optional<MessageTier> message_tier;
  /// The period of its global strobe in simulated seconds, if it has one: every slice is acted out even while
  /// every process computes, so validation bounds the slices over the application's least run time (issue 45
  /// item 12). Null: no strobe.
  std::function<double(const base::ParamSource&)> slice;

  /// Whether it has a global strobe (the capability a strobe-paced scheduler needs: storm::MpiNeed).
  bool has_strobe() const { return bool(slice); }
};

/// Every backend, the baseline first (a comparison runs them in this order).
const std::vector<Backend>& backends();
/// The backend named `name`; std::invalid_argument naming the known ones otherwise.
const Backend& backend(const std::string& name);
/// Their names, in order.
std::vector<std::string> backend_names();

} // namespace bcssim::mpi
