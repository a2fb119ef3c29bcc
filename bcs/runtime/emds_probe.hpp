#pragma once
// The EMDS's probe in the runtime (000 §5.2): the per-node figures of Table 5.2, gathered on each watched node as
// its Strobe Receiver sees the slice, and the recorder that keeps them with the Strobe Sender's global figures
// (Table 5.1). The threads hand it what they counted; it owns no protocol state.
#include "bcs/mds/emds.hpp"
#include "bcs/runtime/state.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::bcs::runtime {

/// What a watched node's Strobe Receiver gathers during a slice (000 Table 5.2); -1: not yet.
struct EmdsSlice {
  std::int64_t slice = -1;
  double strobe_at = -1;      // the slice strobe landed
  double prev_strobe_at = -1; // the previous slice's strobe landed
  double msm_strobe_at = -1;
  double dem_done = -1, msm_done = -1, slice_done = -1;
  std::uint64_t np2pdem = 0, np2pmsm = 0, ncolldem = 0, ncollmsm = 0, bpts = 0;
};

class EmdsProbe {
public:
  EmdsProbe(const mds::EmdsSpec& spec, unsigned nodes) : emds_(spec), slices_(nodes) {}

  const mds::Emds& emds() const { return emds_; }
  bool watches(unsigned node) const { return emds_.watches(node); }
  bool records(std::int64_t slice) const { return emds_.records(slice); }
  /// True when the SR of `node` records figures in `slice` or the one before (it then never idles).
  bool active(unsigned node, std::int64_t slice) const;
  /// A strobe of microphase m landed on a watched node in `slice`; `collectives_scheduled()` counts what every
  /// master's query scheduled on it (asked at the broadcast/barrier microstrobe only).
  template <class Count> void landing(unsigned node, Microphase m, std::int64_t slice, Count collectives_scheduled)
  {
    if (m == Microphase::bbm) // the MSM is over everywhere: every master's query has marked what it scheduled
      slices_[node].ncollmsm = collectives_scheduled();
    else
      landing(node, m, slice);
  }
  /// A watched node finished microphase m; `p2p_scheduled`: transfers its BR scheduled (after the MSM).
  void finished(unsigned node, Microphase m, std::uint64_t p2p_scheduled);
  /// Counts of the current slice, handed by the thread that knows them.
  void dem_sends(unsigned node, std::uint64_t n) { slices_[node].np2pdem += n; }
  void slice_start(unsigned node, std::uint64_t flags_raised, std::uint64_t blocked);
  /// The Strobe Sender's record of a slice.
  void add(const mds::GlobalRecord& g) { emds_.add(g); }

private:
  void landing(unsigned node, Microphase m, std::int64_t slice);

  mds::Emds emds_;
  std::vector<EmdsSlice> slices_; // by node (only watched nodes' are used)
};

} // namespace bcssim::bcs::runtime
