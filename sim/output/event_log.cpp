#include "sim/output/event_log.hpp"
#include "sim/output/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string_view>
#include <tuple>
#include <xbt/asserts.h>

namespace bcssim::sim {
namespace {
char* put_le(char* out, std::uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(out, &v, 8); // one store (a computed slice's block writes ~250 instants)
  return out + 8;
#else
  for (int i = 0; i < 8; ++i)
    *out++ = static_cast<char>(v >> (8 * i));
  return out;
#endif
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
  xbt_assert(e.time_ns != sealed_ns_, "an event at %lld ns, an instant a computed slice's block said was whole",
             static_cast<long long>(e.time_ns));
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

const EventLog::Template& EventLog::template_of(const std::shared_ptr<const base::EventPattern>& pattern)
{
  if (template_.pattern == pattern)
    return template_;
  Template t;
  t.pattern = pattern;
  const auto& items = pattern->items;
  std::vector<std::size_t> order(items.size()); // the pattern's items in the canonical order
  std::iota(order.begin(), order.end(), std::size_t(0));
  // By instant, then as flush() sorts an instant: (actor, what, bytes).
  std::stable_sort(order.begin(), order.end(), [&items](std::size_t a, std::size_t b) {
    const base::EventPattern::Item& x = items[a];
    const base::EventPattern::Item& y = items[b];
    return std::tie(x.instant, x.actor, x.what, x.bytes) < std::tie(y.instant, y.actor, y.what, y.bytes);
  });
  t.sortable = true;
  for (std::size_t i = 1; i < order.size(); ++i) {
    const base::EventPattern::Item& x = items[order[i - 1]];
    const base::EventPattern::Item& y = items[order[i]];
    if (x.instant == y.instant && x.actor == y.actor && x.what == y.what && (x.numbered || y.numbered))
      t.sortable = false;
  }
  t.begins.assign(pattern->instants + 1, 0);
  for (std::size_t i : order) {
    const base::EventPattern::Item& e = items[i];
    t.ns_at.push_back(t.bytes.size());
    t.instant_of.push_back(e.instant);
    t.bytes.resize(t.bytes.size() + 8 + e.actor.size() + 1 + e.what.size() + 1 + 8);
    char* out = t.bytes.data() + t.ns_at.back() + 8;
    out = put(out, e.actor.data(), e.actor.size());
    *out++ = '\0';
    out = put(out, e.what.data(), e.what.size());
    *out++ = '\0';
    if (e.numbered)
      t.number_at.push_back(std::size_t(out - t.bytes.data()));
    put_le(out, e.bytes);
    t.begins[e.instant + 1] = t.bytes.size();
  }
  t.first_event.assign(pattern->instants + 1, order.size());
  for (std::size_t i = order.size(); i-- > 0;)
    t.first_event[t.instant_of[i]] = i;
  xbt_assert(std::find(t.first_event.begin(), t.first_event.end(), order.size()) == t.first_event.end() - 1,
             "an instant of an event pattern with no event");
  template_ = std::move(t);
  return template_;
}

void EventLog::record_block(const base::EventBlock& block, std::uint32_t from, std::uint32_t to)
{
  if (keep_csv_ || !template_of(block.pattern).sortable) { // each event as record() takes it
    base::EventSink::record_block(block, from, to);
    return;
  }
  const Template& t = template_;
  xbt_assert(block.instant_ns[from] > instant_ns_ || pending_.empty(),
             "a computed slice's block shares the instant %lld ns with other events",
             static_cast<long long>(block.instant_ns[from]));
  flush();
  const std::size_t begin = t.begins[from];
  const std::size_t size = t.begins[to] - begin;
  if (gathered_ + size > hashed_.size())
    hash_gathered();
  if (size > hashed_.size())
    hashed_.resize(std::max(size, kHashBlock));
  char* out = hashed_.data() + gathered_;
  std::memcpy(out, t.bytes.data() + begin, size);
  // The events of instants [from, to) are those from the first event at `from` to the first at `to`.
  const std::size_t first = t.first_event[from];
  const std::size_t last = t.first_event[to];
  for (std::size_t i = first; i < last; ++i)
    put_le(out + (t.ns_at[i] - begin), static_cast<std::uint64_t>(block.instant_ns[t.instant_of[i]]));
  for (std::size_t at : t.number_at)
    if (at >= begin && at < begin + size)
      put_le(out + (at - begin), block.number);
  gathered_ += size;
  count_ += last - first;
  instant_ns_ = block.instant_ns[to - 1];
  sealed_ns_ = instant_ns_;
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
