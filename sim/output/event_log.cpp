#include "sim/output/event_log.hpp"
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <tuple>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_output_event_log, "sim.output.event_log: The sink of the canonical event stream");

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
  if (e.time_ns != instant_ns_) {
    flush();
    instant_ns_ = e.time_ns;
  }
  pending_.push_back({text_.size(), e.actor.size(), text_.size() + e.actor.size(), e.what.size(), e.bytes});
  text_.append(e.actor);
  text_.append(e.what);
  ++count_;
}

void EventLog::flush()
{
  const auto actor = [this](const Pending& p) { return std::string_view(text_).substr(p.actor_at, p.actor_size); };
  const auto what = [this](const Pending& p) { return std::string_view(text_).substr(p.what_at, p.what_size); };
  std::sort(pending_.begin(), pending_.end(), [&](const Pending& a, const Pending& b) {
    return std::make_tuple(actor(a), what(a), a.bytes) < std::make_tuple(actor(b), what(b), b.bytes);
  });
  static const char nul = '\0';
  for (const Pending& p : pending_) {
    put_le(state_, static_cast<std::uint64_t>(instant_ns_));
    XXH3_64bits_update(state_, text_.data() + p.actor_at, p.actor_size);
    XXH3_64bits_update(state_, &nul, 1);
    XXH3_64bits_update(state_, text_.data() + p.what_at, p.what_size);
    XXH3_64bits_update(state_, &nul, 1);
    put_le(state_, p.bytes);
    if (keep_csv_)
      csv_ += fmt::format("{},{},{},{}\n", instant_ns_, csv_cell(actor(p)), csv_cell(what(p)), p.bytes);
  }
  pending_.clear();
  text_.clear();
}

std::string EventLog::digest()
{
  flush();
  return fmt::format("{:016x}", XXH3_64bits_digest(state_));
}

const std::string& EventLog::csv()
{
  flush();
  return csv_;
}

} // namespace bcssim::sim
