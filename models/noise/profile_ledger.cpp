#include "models/noise/profile_ledger.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(noise_profile_ledger, "noise.profile_ledger: The memory OS noise holds");

namespace bcssim::noise {
namespace {
ProfileLedger* g_ledger = nullptr; // the running engine's (one engine per process)
} // namespace

ProfileLedger::ProfileLedger(std::uint64_t budget) : budget_(budget)
{
  // SimGrid's signal is process-wide and cannot be disconnected: connected once, it calls the ledger of the moment.
  // It fires in maestro once the clock has moved, outside the solver that calls the profiles' callbacks, where
  // actors may be killed.
  static const bool connected = [] {
    simgrid::s4u::Engine::on_time_advance_cb([](double) {
      if (g_ledger != nullptr)
        g_ledger->check_clock();
    });
    return true;
  }();
  (void)connected;
  g_ledger = this;
}

ProfileLedger::~ProfileLedger()
{
  if (g_ledger == this)
    g_ledger = nullptr;
}

ProfileLedger* ProfileLedger::current() { return g_ledger; }

void ProfileLedger::charge(std::uint64_t bytes, const char* resource)
{
  bytes_ += bytes;
  if (!over_ && budget_ > 0 && bytes_ > budget_) {
    over_ = true;
    resource_ = resource;
  }
}

void ProfileLedger::check_clock()
{
  if (!over_ || exceeded())
    return;
  exceeded_at_ = simgrid::s4u::Engine::get_clock();
  XBT_VERB("the noise profiles hold %llu bytes, past the budget of %llu: stopping the run",
           static_cast<unsigned long long>(bytes_), static_cast<unsigned long long>(budget_));
  simgrid::s4u::Actor::kill_all();
}

} // namespace bcssim::noise
