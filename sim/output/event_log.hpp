#pragma once
// The sink of the canonical event stream: hashes every event into the run's digest (XXH3-64) and, when asked,
// keeps the stream as CSV. Each event is hashed as: time_ns (int64 LE), actor, NUL, event, NUL, bytes (uint64
// LE), so the digest depends on nothing but the simulated history.
#include "base/event_stream.hpp"

#include <xxhash.h>

#include <cstdint>
#include <string>

namespace bcssim::sim {

class EventLog : public base::EventSink {
public:
  explicit EventLog(bool keep_csv);
  ~EventLog() override;
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  void record(const base::Event& event) override;
  /// 16 hex digits.
  std::string digest() const;
  std::uint64_t count() const { return count_; }
  /// "time_ns,actor,event,bytes" lines, when keep_csv.
  const std::string& csv() const { return csv_; }

private:
  XXH3_state_t* state_;
  bool keep_csv_;
  std::string csv_;
  std::uint64_t count_ = 0;
};

} // namespace bcssim::sim
