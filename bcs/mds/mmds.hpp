#pragma once
// MMDS, the Main MDS (000 §5.1): per process, on the host, a summary of every primitive it called (count, min,
// max, total and average latency: the layout of 000 Table 5.3), and the distributions of its computation
// granularity and communication overhead: each blocking call ends a computation interval (from the last
// wake-up) and starts a communication one (until it returns). Selected primitives also get latency and size
// distributions, blocking or not. Times are simulated seconds; the caller pays spec.update_cost of host time
// per update, so enabling the MMDS costs what its bookkeeping costs.
#include "bcs/mds/distribution.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace bcssim::bcs::mds {

/// Defaults and sources: bcs::mds::mmds_params() (bcs/mds/params.cpp). A default-constructed spec is a disabled
/// MMDS (its bins are not used).
struct MmdsSpec {
  bool enabled = false;
  double update_cost = 0;           // s of host CPU per update (a clock read and an array update)
  double resolution = 1;            // s: bin width of the time distributions
  double size_resolution = 1;       // B: bin width of the size distributions
  std::set<std::string> primitives; // those with latency and size distributions
};

/// Count, min, max and total of a primitive's latencies (or of the granularity / overhead intervals).
struct Summary {
  std::uint64_t count = 0;
  double min = 0;
  double max = 0;
  double total = 0;
  void add(double value);
  void merge(const Summary& other);
  double average() const { return count ? total / double(count) : 0.0; }
};

/// The two rows Table 5.3 adds after the primitives.
inline constexpr const char* kCompGranularity = "Comp Granularity";
inline constexpr const char* kCommOverhead = "Comm Overhead";

class Mmds {
public:
  explicit Mmds(MmdsSpec spec = {});

  /// The process starts (its first computation interval starts at `now`).
  void start(double now);
  /// A primitive is entered at `now`; a blocking one ends the current computation interval.
  void enter(double now, bool blocking);
  /// It returns at `now` (entered at `entered`), with `bytes` moved; a blocking one ends a communication
  /// interval and starts a computation one.
  void leave(const std::string& primitive, double entered, double now, std::uint64_t bytes, bool blocking);
  /// The process ends: its last computation interval ends at `now`.
  void finish(double now);
  void merge(const Mmds& other);

  const MmdsSpec& spec() const { return spec_; }
  /// Per primitive, then kCompGranularity and kCommOverhead.
  const std::map<std::string, Summary>& summary() const { return summary_; }
  const Distribution& granularity() const { return granularity_; }
  const Distribution& overhead() const { return overhead_; }
  /// Latency and size distributions of the selected primitives that were called.
  const std::map<std::string, Distribution>& latencies() const { return latency_; }
  const std::map<std::string, Distribution>& sizes() const { return size_; }

private:
  MmdsSpec spec_;
  std::map<std::string, Summary> summary_;
  Distribution granularity_, overhead_;
  std::map<std::string, Distribution> latency_, size_;
  double computing_since_ = 0; // the computation granularity counter
  double blocked_since_ = 0;   // the communication overhead counter
};

} // namespace bcssim::bcs::mds
