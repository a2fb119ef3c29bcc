#pragma once
// The sink of the canonical event stream: hashes every event into the run's digest (XXH3-64) and, when asked,
// keeps the stream as CSV. The events of one simulated instant are hashed in a canonical order (by actor, event,
// bytes), not in the order SimGrid ran their actors: which of two simultaneous actors runs first depends on actor
// creation order (a pooled actor reused or a helper actor created shifts it) and is not part of the simulated
// history. Each event is hashed as: time_ns (int64 LE), actor, NUL, event, NUL, bytes (uint64 LE), so the digest
// depends on nothing but what happened at each instant.
#include "base/event_stream.hpp"

#include <xxhash.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bcssim::sim {

class EventLog : public base::EventSink {
public:
  explicit EventLog(bool keep_csv);
  ~EventLog() override;
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  void record(const base::Event& event) override;
  /// A block's instants as the bytes of its pattern, sorted once per pattern and copied with each block's instants
  /// written in (the same bytes record() of each event would hash: tests/unit/test_event_log.cpp).
  void record_block(const base::EventBlock& block, std::uint32_t from, std::uint32_t to) override;
  bool takes_events_late() const override { return true; }
  /// 16 hex digits, over every event recorded so far.
  std::string digest();
  std::uint64_t count() const { return count_; }
  /// "time_ns,actor,event,bytes" lines in the canonical order, when keep_csv.
  const std::string& csv();

private:
  // One event of the current instant. Its names are the emitter's when they last (base::Event::lasting), else
  // copied into text_ from text_at on (actor then what), their pointers set when the instant is flushed.
  struct Pending {
    const char* actor;
    std::size_t actor_size;
    const char* what;
    std::size_t what_size;
    std::uint64_t bytes;
    std::size_t text_at; // kLasting: the names are the emitter's
  };
  static constexpr std::size_t kLasting = ~std::size_t(0);
  void flush(); // hashes (and writes) the current instant's events, sorted

  // A pattern's events in the canonical order as bytes, with where each block writes its instants and number.
  struct Template {
    std::shared_ptr<const base::EventPattern> pattern; // kept: its address names it
    bool sortable = false; // false: two events of one instant would sort by a block's number
    std::vector<char> bytes;
    std::vector<std::size_t> begins; // by instant (and one past the last): where its events' bytes begin
    std::vector<std::size_t> ns_at;  // by event in the bytes: where its time goes
    std::vector<std::uint32_t> instant_of;
    std::vector<std::size_t> first_event; // by instant (and one past the last): its first event in the bytes
    std::vector<std::size_t> number_at;   // where a block's number goes
  };
  const Template& template_of(const std::shared_ptr<const base::EventPattern>& pattern);
  Template template_;
  std::int64_t sealed_ns_ = -1; // the last instant a block recorded: nothing may be recorded at it after

  XXH3_state_t* state_;
  bool keep_csv_;
  std::string csv_;
  std::uint64_t count_ = 0;
  std::int64_t instant_ns_ = 0;
  std::vector<Pending> pending_;
  std::string text_;
  void hash_gathered(); // feeds the gathered bytes to the digest
  static constexpr std::size_t kHashBlock = 64 * 1024;
  std::vector<char> hashed_; // the bytes of the instants flushed, not yet hashed (kept: it is reused)
  std::size_t gathered_ = 0; // how many of them
};

} // namespace bcssim::sim
