#include "models/noise/profile_ledger.hpp"

#include <simgrid/s4u/Actor.hpp>

#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(noise_profile_ledger, noise, "noise.profile_ledger: The memory OS noise holds");

namespace bcssim::noise {
namespace {
ProfileLedger* g_ledger = nullptr; // the running engine's (one engine per process)
} // namespace

ProfileLedger::ProfileLedger(std::uint64_t budget) : budget_(budget) { g_ledger = this; }

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

void ProfileLedger::on_clock(double now)
{
  if (!over_ || exceeded())
    return;
  exceeded_at_ = now;
  XBT_VERB("the noise profiles hold %llu bytes, past the budget of %llu: stopping the run",
           static_cast<unsigned long long>(bytes_), static_cast<unsigned long long>(budget_));
  simgrid::s4u::Actor::kill_all();
}

} // namespace bcssim::noise
