#include "sim/output/event_log.hpp"

#include <fmt/format.h>

namespace bcssim::sim {
namespace {
void put_le(XXH3_state_t* state, std::uint64_t v)
{
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i)
    bytes[i] = static_cast<unsigned char>(v >> (8 * i));
  XXH3_64bits_update(state, bytes, sizeof bytes);
}
} // namespace

EventLog::EventLog(bool keep_csv) : state_(XXH3_createState()), keep_csv_(keep_csv)
{
  XXH3_64bits_reset(state_);
  if (keep_csv_)
    csv_ = "time_ns,actor,event,bytes\n";
}

EventLog::~EventLog() { XXH3_freeState(state_); }

void EventLog::record(const base::Event& e)
{
  static const char nul = '\0';
  put_le(state_, static_cast<std::uint64_t>(e.time_ns));
  XXH3_64bits_update(state_, e.actor.data(), e.actor.size());
  XXH3_64bits_update(state_, &nul, 1);
  XXH3_64bits_update(state_, e.what.data(), e.what.size());
  XXH3_64bits_update(state_, &nul, 1);
  put_le(state_, e.bytes);
  ++count_;
  if (keep_csv_)
    csv_ += fmt::format("{},{},{},{}\n", e.time_ns, e.actor, e.what, e.bytes);
}

std::string EventLog::digest() const { return fmt::format("{:016x}", XXH3_64bits_digest(state_)); }

} // namespace bcssim::sim
