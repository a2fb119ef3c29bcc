#include "sim/output/event_log.hpp"
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(sim_output_event_log, "sim.output.event_log: The sink of the canonical event stream");

namespace bcssim::sim {
namespace {
char* put_le(char* out, std::uint64_t v)
{
  for (int i = 0; i < 8; ++i)
    *out++ = static_cast<char>(v >> (8 * i));
  return out;
}
char* put(char* out, const char* bytes, std::size_t n)
{
  std::memcpy(out, bytes, n);
  return out + n;
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
  if (e.lasting) {
    pending_.push_back({e.actor.data(), e.actor.size(), e.what.data(), e.what.size(), e.bytes, kLasting});
  } else {
    pending_.push_back({nullptr, e.actor.size(), nullptr, e.what.size(), e.bytes, text_.size()});
    text_.append(e.actor);
    text_.append(e.what);
  }
  ++count_;
}

void EventLog::flush()
{
  for (Pending& p : pending_)
    if (p.text_at != kLasting) { // text_ is complete: its copies stay put until the instant is hashed
      p.actor = text_.data() + p.text_at;
      p.what = p.actor + p.actor_size;
    }
  const auto actor = [](const Pending& p) { return std::string_view(p.actor, p.actor_size); };
  const auto what = [](const Pending& p) { return std::string_view(p.what, p.what_size); };
  if (pending_.size() > 1) // by (actor, what, bytes), each name compared once
    std::sort(pending_.begin(), pending_.end(), [&](const Pending& a, const Pending& b) {
      if (const int c = actor(a).compare(actor(b)); c != 0)
        return c < 0;
      if (const int c = what(a).compare(what(b)); c != 0)
        return c < 0;
      return a.bytes < b.bytes;
    });
  // The instant's events as the bytes the digest is defined over, gathered and hashed a block at a time: XXH3's
  // streaming state gives the hash of the bytes fed, however they are cut, and an update per field was an eighth
  // of a compute-bound BCS-MPI run (NAS EP at 30x slower computation, 2026-12-06), one per instant a twentieth.
  std::size_t size = 0;
  for (const Pending& p : pending_)
    size += 8 + p.actor_size + 1 + p.what_size + 1 + 8;
  if (gathered_ + size > hashed_.size())
    hash_gathered();
  if (size > hashed_.size())
    hashed_.resize(std::max(size, kHashBlock));
  char* out = hashed_.data() + gathered_;
  gathered_ += size;
  for (const Pending& p : pending_) {
    out = put_le(out, static_cast<std::uint64_t>(instant_ns_));
    out = put(out, p.actor, p.actor_size);
    *out++ = '\0';
    out = put(out, p.what, p.what_size);
    *out++ = '\0';
    out = put_le(out, p.bytes);
    if (keep_csv_)
      csv_ += fmt::format("{},{},{},{}\n", instant_ns_, csv_cell(actor(p)), csv_cell(what(p)), p.bytes);
  }
  pending_.clear();
  text_.clear();
}

void EventLog::hash_gathered()
{
  if (gathered_ > 0)
    XXH3_64bits_update(state_, hashed_.data(), gathered_);
  gathered_ = 0;
}

std::string EventLog::digest()
{
  flush();
  hash_gathered();
  return fmt::format("{:016x}", XXH3_64bits_digest(state_));
}

const std::string& EventLog::csv()
{
  flush();
  return csv_;
}

} // namespace bcssim::sim
