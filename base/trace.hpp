#pragma once
// Timeline tracing (issue 9; written as Chrome/Perfetto trace events by sim/trace_writer): spans of work on an
// actor's track (a rank's MPI calls and computations, a NIC thread's microphases), instants (slice strobes)
// and flow arrows joining two tracks (a message from its send to where it is received). Like the event stream,
// models only report; sim/ installs the sink. Tracing observes and never schedules anything, so it cannot
// change the simulation or its digest. Everything is a no-op (one branch) while no sink is installed.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bcssim::base::trace {

/// One argument of a span (an MPI call's destination, a DMA's size): a number or a word. The trace writer
/// (sim/output/trace_writer) turns them into the span's "args" object.
struct Arg {
  std::string key;
  std::string text;
  bool number = false;
};
using Args = std::vector<Arg>;
inline Arg arg(std::string key, std::int64_t value) { return {std::move(key), std::to_string(value), true}; }
inline Arg arg(std::string key, std::string word) { return {std::move(key), std::move(word), false}; }

struct Record {
  char phase;             // 'X' span, 'i' instant, 's' flow start, 'f' flow end
  std::int64_t ts_ns;     // start (span) or instant
  std::int64_t dur_ns;    // spans only
  std::string_view host;  // the calling actor's host ("" outside actors)
  std::string_view actor; // the calling actor's name ("maestro" outside actors)
  std::string_view name;
  std::string_view category;
  std::uint64_t id; // flows only
  bool global;      // instants: for every track (a slice strobe)
  const Args* args; // spans: their arguments (nullptr or empty: none)
};

class TraceSink {
public:
  virtual ~TraceSink() = default;
  virtual void record(const Record& r) = 0;
};

/// Installs the sink (nullptr: tracing off). Not owned.
void set_sink(TraceSink* sink);
bool enabled();

/// A span on the calling actor's track from construction to destruction (nothing when tracing is off, or when
/// the actor is being unwound by an exception).
class Span {
public:
  /// `args`: the span's arguments (e.g. an MPI call's); build them only when enabled(), on hot paths.
  Span(std::string_view name, std::string_view category, Args args = {});
  ~Span();
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;

private:
  bool on_;
  double start_ = 0;
  std::string name_;
  std::string category_;
  Args args_;
};

/// A span on the calling actor's track from `start` (simulated seconds) to now.
void span_since(double start, std::string_view name, std::string_view category, const Args& args = {});
/// An instant on the calling actor's track, or on every track when `global`.
void instant(std::string_view name, bool global = false);
/// A fresh flow id (1, 2, ... per run; 0 when tracing is off).
std::uint64_t new_flow();
/// The tail (start) and head (end) of flow `id`: a zero-length span named `name` on the calling actor's track,
/// joined by an arrow. Ignored for id 0.
void flow_start(std::uint64_t id, std::string_view name);
void flow_end(std::uint64_t id, std::string_view name);

} // namespace bcssim::base::trace
