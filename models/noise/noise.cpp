#include "models/noise/noise.hpp"

#include "base/units.hpp"
#include "models/noise/profile_ledger.hpp"

#include <simgrid/kernel/ProfileBuilder.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

namespace bcssim::noise {

void NoiseSpec::validate() const
{
  if (period < 0)
    throw std::invalid_argument("NoiseSpec.period: must be >= 0");
  if (!enabled())
    return;
  if (jitter < 0)
    throw std::invalid_argument("NoiseSpec.jitter: must be >= 0");
  if (auto e = broken_rule("NoiseSpec"))
    throw std::invalid_argument("NoiseSpec." + e->path + ": expected " + e->allowed);
  if (!(share > 0 && share <= 1))
    throw std::invalid_argument("NoiseSpec.share: must be in (0, 1]");
}

std::optional<base::ParamError> NoiseSpec::broken_rule(const std::string& section) const
{
  if (period > 0 && duration <= 0)
    return base::ParamError{"duration", "", fmt::format("a positive time when {}.period is set", section)};
  // Detours that fill their period leave the resource no time of its own, and SimGrid's speed profile then has
  // two changes at one instant (it aborts on an assertion): each period keeps some time free.
  if (period > 0 && duration >= period)
    return base::ParamError{"duration", "",
                            fmt::format("less than {0}.period = {1} (a detour that fills its period leaves the "
                                        "resource no time of its own)",
                                        section, base::format_quantity(base::Quantity::time, period))};
  if (period > 0 && duration + jitter >= period)
    return base::ParamError{"jitter", "",
                            fmt::format("less than {0}.period - {0}.duration = {1}", section,
                                        base::format_quantity(base::Quantity::time, period - duration))};
  return std::nullopt;
}

namespace {
// Aligned noise: every resource draws from this one stream, so all detour together (jitter included).
constexpr std::uint64_t kAlignedKey = 0xA11C4ED;
} // namespace

DetourSchedule::DetourSchedule(const NoiseSpec& spec, std::uint64_t seed, std::uint64_t key)
    : spec_(spec), rng_(base::Rng::stream(seed, spec.aligned ? kAlignedKey : key)),
      phase_(spec.aligned ? 0.0 : spec.period * rng_.uniform())
{
  spec_.validate();
}

double DetourSchedule::next()
{
  const double start = phase_ + double(k_) * spec_.period + spec_.jitter * rng_.uniform();
  ++k_;
  return start;
}

void apply(simgrid::s4u::Host& host, const NoiseSpec& spec, std::uint64_t seed, std::uint64_t key, const char* resource)
{
  spec.validate();
  if (!spec.enabled())
    return;
  // SimGrid profiles are named process-wide and never forgotten: a counter keeps names unique across engines.
  static std::uint64_t profiles = 0;
  const std::string name = "noise." + host.get_name() + "." + std::to_string(profiles++);
  // A profile lists (delay since the previous value, speed scale); the first date is absolute. SimGrid asks for
  // more whenever it has used them all, so detours are drawn a batch at a time, as the simulation reaches them.
  struct State {
    DetourSchedule schedule;
    double last = 0; // date of the last value appended
    bool first = true;
  };
  auto state = std::make_shared<State>(State{DetourSchedule(spec, seed, key)});
  const double duration = spec.duration;
  // SimGrid's max-min solver reads a bound of 0 as "no bound": a detour taking all of the resource leaves it
  // 1e-12 of its speed (a 10 ms detour lets 1e-14 s of work through).
  const double low = std::max(1 - spec.share, 1e-12);
  // `values` is the profile's own list, which SimGrid keeps whole: the ledger counts what it holds
  // (profile_ledger.hpp).
  auto more = [state, duration, low, resource](std::vector<simgrid::kernel::profile::DatedValue>& values) {
    constexpr int kBatch = 64; // detours drawn per call
    if (ProfileLedger* ledger = ProfileLedger::current())
      ledger->charge(kBatch * kProfileBytesPerDetour, resource);
    for (int i = 0; i < kBatch; ++i) {
      const double start = state->schedule.next();
      values.emplace_back(state->first ? start : start - state->last, low);
      values.emplace_back(duration, 1.0);
      state->first = false;
      state->last = start + duration;
    }
  };
  host.set_speed_profile(simgrid::kernel::profile::ProfileBuilder::from_callback(name, more, -1));
}

} // namespace bcssim::noise
