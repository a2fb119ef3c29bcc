#pragma once
// trace.json: the run's timeline in the Chrome trace-event format, which ui.perfetto.dev and chrome://tracing
// open. One process group per host ("node3.cpu", "node3.nic"), one thread per actor on it (a rank, a NIC
// thread), sorted by node then rank; spans are complete events ("X"), slice strobes global instants, messages
// flow arrows between two zero-length spans (flow events v2: "bind_id" with "flow_out" at the send, "flow_in"
// where it arrives). Only what overlaps the window
// [from, to] is kept (spans clipped to it), so a large run can be traced over a slice of its time. A flow with one end
// outside the window keeps its marker but no arrow: an arrow end without its other end is an import error in
// Chrome's trace viewer (catapult's importer reported "flow consumer without producer" and showed no flow at all).
#include "base/trace.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace bcssim::sim {

struct TraceWindow {
  std::int64_t from_ns = 0;
  std::int64_t to_ns = -1; // -1: the end of the run
};

class TraceWriter : public base::trace::TraceSink {
public:
  explicit TraceWriter(TraceWindow window) : window_(window) {}

  void record(const base::trace::Record& r) override;
  /// The whole file.
  std::string json() const;
  std::uint64_t count() const { return count_; }

private:
  std::pair<int, int> track(std::string_view host, std::string_view actor);

  TraceWindow window_;
  std::map<std::string, int, std::less<>> pids_;                 // host -> pid (first seen: 1, 2, ...)
  std::map<std::pair<int, std::string>, int, std::less<>> tids_; // (pid, actor) -> tid
  std::string metadata_; // process and thread names, as JSON objects each followed by ",\n"
  struct Event {
    std::string text;    // the JSON object, followed by ",\n"
    std::string unbound; // a flow's start: the same marker without the arrow, for when its end never comes
    std::uint64_t flow = 0;
  };
  std::vector<Event> events_;
  std::set<std::uint64_t> started_, joined_; // flows whose start, and whose both ends, were kept
  std::uint64_t count_ = 0;
};

} // namespace bcssim::sim
