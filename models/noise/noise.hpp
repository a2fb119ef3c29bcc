#pragma once
// OS noise (the poster's "selectable level of non-determinism", 001; 003 §5.3.2 "OS Daemon Stretches"): a
// resource is taken away for `duration` once per `period`, the k-th detour starting at
// phase + k * period + jitter * u_k, u_k uniform in [0, 1) from the resource's own seeded stream. The phase is
// drawn once per resource (uniform in [0, period)), or 0 for every resource when `aligned` (coscheduled noise,
// all nodes detour together). During a detour the resource keeps 1 - share of its speed: SimGrid's speed
// profile slows every execution on it (a rank's computation, its MPI library's host overhead, or a NIC
// thread's cycles), so the detour delays exactly the work that needs the resource when it happens.
#include "base/params.hpp"
#include "base/rng.hpp"

#include <simgrid/s4u/Host.hpp>

#include <cstdint>
#include <string>

namespace bcssim::noise {

struct NoiseSpec {
  double period = 0;   // s between detours; 0 = no noise
  double duration = 0; // s each detour lasts
  double jitter = 0;   // s: each detour starts up to this late (uniform); duration + jitter <= period
  bool aligned = false;
  double share = 1; // fraction of the resource's speed a detour takes, in (0, 1]

  bool enabled() const { return period > 0; }
  /// The first rule the spec breaks: a detour and its jitter fit in the period. `section` names the fields in
  /// the message ("noise.cpu"); the path is relative to it.
  std::optional<base::ParamError> broken_rule(const std::string& section) const;
  /// Throws std::invalid_argument naming the field when the spec is out of range or breaks its rule.
  void validate() const;
};

/// The detours of one resource, in order: [start, start + duration). Deterministic in (spec, seed, key).
class DetourSchedule {
public:
  DetourSchedule(const NoiseSpec& spec, std::uint64_t seed, std::uint64_t key);
  /// Start of the next detour (the first call gives detour 0).
  double next();

private:
  NoiseSpec spec_;
  base::Rng rng_;
  double phase_;
  std::uint64_t k_ = 0;
};

/// Stream keys of node n's CPU and NIC noise: past a tag of their own, so that they never coincide with the
/// streams the applications key by rank (apps/common/variable_work.hpp).
inline constexpr std::uint64_t kStreamTag = 0x4E4F495345ULL << 24; // "NOISE"
inline std::uint64_t cpu_key(unsigned node) { return kStreamTag + 2 * std::uint64_t(node); }
inline std::uint64_t nic_key(unsigned node) { return kStreamTag + 2 * std::uint64_t(node) + 1; }

/// Gives `host` the speed profile of `spec`'s detours, from stream `key` under `seed` (keys: one per resource).
/// `resource` names its kind ("cpu", "nic") to the ProfileLedger that counts the profiles' memory. Must be called
/// before the simulation runs.
void apply(simgrid::s4u::Host& host, const NoiseSpec& spec, std::uint64_t seed, std::uint64_t key,
           const char* resource);

} // namespace bcssim::noise
