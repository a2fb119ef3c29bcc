#pragma once
// The memory OS noise holds. SimGrid keeps every value a speed profile has ever had until the engine ends
// (kernel::profile::Profile::event_list, 16 B each, two per detour), so noise holds memory in proportion to the
// detours the run meets: a 1 us period on one node is 32 MB per simulated second. A run that outgrew its memory
// used to end inside SimGrid (a failed allocation in maestro: "Cannot destroy semaphore since someone is still
// using it", exit 1; hostile pass of 2026-12-07, finding 6). The ledger counts the profiles' bytes across
// resources and, past its budget, stops the run the way base::SimTimeGuard does (every actor killed at the next
// advance of the clock), so that the run is refused with a message naming the period.
#include "base/clock_watcher.hpp"

#include <cstdint>
#include <string>

namespace bcssim::noise {

/// Bytes SimGrid holds per detour: two dated values (kernel::profile::DatedValue, two doubles each).
inline constexpr std::uint64_t kProfileBytesPerDetour = 2 * 2 * sizeof(double);

class ProfileLedger : public base::ClockWatcher {
public:
  /// `budget`: bytes of profile values the run may hold (0: no budget, the ledger only counts).
  explicit ProfileLedger(std::uint64_t budget);
  ~ProfileLedger() override;

  /// The ledger of the engine that runs (one per process), or nullptr.
  static ProfileLedger* current();
  /// A profile of resource kind `resource` ("cpu", "nic") appended `bytes` of values.
  void charge(std::uint64_t bytes, const char* resource);
  /// Past the budget, kills every actor (once).
  void on_clock(double now) override;

  std::uint64_t budget() const { return budget_; }
  std::uint64_t bytes() const { return bytes_; }
  bool exceeded() const { return exceeded_at_ >= 0; }
  /// The clock when the ledger stopped the run (-1: it did not).
  double exceeded_at() const { return exceeded_at_; }
  /// The resource kind whose profile passed the budget ("cpu" or "nic"; empty while within it).
  const std::string& resource() const { return resource_; }

private:
  std::uint64_t budget_;
  std::uint64_t bytes_ = 0;
  std::string resource_;
  bool over_ = false;
  double exceeded_at_ = -1;
};

} // namespace bcssim::noise
