#pragma once
// EMDS, the Elan MDS (000 §5.2, Tables 5.1-5.2): per time slice, the Strobe Sender records global figures of
// the synchronization protocol and each watched node's Strobe Receiver local figures of its scheduling, for a
// window of at most 10,000 slices (000 §5.2.1: what fits in the Elan3's 64 MB). The threads pay
// spec.update_cycles of NIC time per record, so enabling the EMDS costs what its bookkeeping costs.
#include "base/params.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::bcs::mds {

inline constexpr std::int64_t kEmdsMaxSlices = 10000;

/// Defaults and sources: bcs::mds::emds_params() (bcs/mds/params.cpp).
struct EmdsSpec {
  bool enabled = false;
  std::int64_t first_slice = 0;
  std::int64_t slices = kEmdsMaxSlices;
  std::vector<unsigned> nodes; // watched nodes; empty = every node
  double update_cycles = 0;    // NIC cycles per record
  /// The first rule the spec breaks (path relative to bcs.mds): at most kEmdsMaxSlices slices.
  std::optional<base::ParamError> broken_rule() const;
  /// Throws std::invalid_argument naming the field when out of bounds.
  void validate() const;
};

/// 000 Table 5.1, by the Strobe Sender. Times in seconds.
struct GlobalRecord {
  std::int64_t slice = 0;
  double getts = 0;         // elapsed time from the previous slice's strobe to this one's
  double gtdem = 0;         // from the strobe until every node has finished the DEM
  double gtmsm = 0;         // from the MSM's microstrobe until every node has finished it
  double gtts = 0;          // from the strobe until every node has finished the slice's last microphase
  std::uint64_t usrts = 0;  // unsuccessful synchronization retries in the whole slice
  std::uint64_t usrdem = 0; // ... before the DEM was over everywhere
  std::uint64_t usrmsm = 0; // ... before the MSM was over everywhere
};

/// 000 Table 5.2, by a node's Strobe Receiver. Times in seconds.
struct LocalRecord {
  std::int64_t slice = 0;
  unsigned node = 0;
  double letts = 0;           // elapsed time from the previous slice's strobe landing here to this one's
  double ltdem = 0;           // from the strobe landing until this node finished the DEM
  double lmsm = 0;            // from the MSM's microstrobe landing until this node finished the MSM
  double ltts = 0;            // from the strobe landing until this node finished the slice's last microphase
  std::uint64_t np2pdem = 0;  // point-to-point descriptors this node's BS delivered in the DEM
  std::uint64_t np2pmsm = 0;  // point-to-point transfers (chunks) its BR scheduled in the MSM
  std::uint64_t ncolldem = 0; // collectives whose per-job flag this node raised at the strobe
  std::uint64_t ncollmsm = 0; // collectives scheduled on this node in the MSM
  std::uint64_t bpts = 0;     // processes blocked during the slice
};

class Emds {
public:
  explicit Emds(EmdsSpec spec = {});
  const EmdsSpec& spec() const { return spec_; }
  /// True when slice `k` is in the window (and the EMDS is on).
  bool records(std::int64_t k) const;
  /// True when `node`'s Strobe Receiver records local figures.
  bool watches(unsigned node) const;
  void add(const GlobalRecord& r) { global_.push_back(r); }
  void add(const LocalRecord& r) { local_.push_back(r); }
  const std::vector<GlobalRecord>& global() const { return global_; }
  const std::vector<LocalRecord>& local() const { return local_; }

private:
  EmdsSpec spec_;
  std::vector<char> watched_; // by node, when a list was given
  std::vector<GlobalRecord> global_;
  std::vector<LocalRecord> local_;
};

} // namespace bcssim::bcs::mds
