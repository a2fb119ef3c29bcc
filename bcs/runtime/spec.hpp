#pragma once
// Parameters of the BCS-MPI runtime (000 §4, 002 §5.3): the time slice and what the strobe sender does while
// it waits for a microphase to end everywhere. Costs of NIC work come from elan3::ThreadCosts (the machine's).
#include "bcs/mds/emds.hpp"
#include "bcs/mds/mmds.hpp"

namespace bcssim::bcs::runtime {

/// When the Node Manager restarts a process suspended in a blocking call whose operation has completed.
enum class RestartRule {
  slice_boundary, // at the start of the next slice (000 §3.1, 002 §5.3.1): the sources' rule
  on_completion,  // as soon as it completes (a what-if: not what the sources describe)
};

/// Defaults and sources: bcs::runtime::runtime_params() (bcs/runtime/params.cpp).
struct RuntimeSpec {
  double slice = 0;             // s: global strobe period (001: 500 us "global heartbeat")
  unsigned management_node = 0; // the node whose NIC runs the Strobe Sender
  double retry_backoff = 0;     // s: SS waits this long before re-checking an unfinished microphase
  RestartRule restart = RestartRule::slice_boundary;
  double p2p_rate = 0;           // B/s a node can receive in the point-to-point microphase (slice capacity)
  double combine_cycles = 0;     // NIC cycles per element combined in a reduce (SoftFloat: the Elan has no FPU)
  mds::MmdsSpec mmds;            // the processes' MMDS (000 §5.1)
  double mmds_update_cycles = 0; // host cycles per MMDS update, beyond reading the Elan clock across PCI
  mds::EmdsSpec emds;            // the NICs' EMDS (000 §5.2)
  /// platform.fidelity = message: the Strobe Receiver runs the DEM, MSM and point-to-point work itself, with the
  /// descriptor puts and each chunk's get request folded into delays (docs/model.md, the message-level tier).
  bool folded = false;
  /// bcs.runtime.idle_slices = computed: a slice in which no NIC has anything to do is computed, not acted out
  /// (idle_slices.hpp); the same events, instants and digest. acted: every slice acted out (the reference).
  bool idle_slices = true;
  /// bcs.runtime.nic_threads = computed: under the message-level tier, the Strobe Receivers' steps run as
  /// continuations on their NIC cores, without their actors where nothing blocks (computed_sr.hpp). acted: by
  /// their actors (the reference).
  bool nic_threads_computed = true;
  /// bcs.runtime.polls = computed: where the Strobe Sender is computed (computed_ss.hpp), its polls of an unfinished
  /// microphase are worked out when it ends, not stepped through (lazy_polls.hpp); the same events, instants and
  /// digest. acted: each poll stepped through (the reference).
  bool polls_computed = true;
};

} // namespace bcssim::bcs::runtime
