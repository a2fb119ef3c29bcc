#pragma once
// The messages of one replayed job that were sent and not yet received, so that a message no receive takes is an
// error on both MPIs alike, also where a wildcard receive kept the trace's static check from pairing sends and
// receives (trace_shape.cpp leaves such channels to the run). A rank that finalizes with a message to it still
// outstanding, or a send to a rank that has finalized, is a message a real MPI leaves unmatched: named at the
// send's line (hostile pass of 2026-12-07: two sends and one `recv -1` exited 0 on the baseline, whose eager
// message was dropped, and deadlocked on BCS-MPI, whose blocking send waits for its receive).
#include "apps/replay/trace.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace bcssim::apps::replay {

class MessageLedger {
public:
  explicit MessageLedger(std::shared_ptr<const Layout> layout)
      : layout_(std::move(layout)), finalized_(std::size_t(layout_->ranks), false)
  {
  }

  /// Rank `src` sends `bytes` to `dst` with `tag`, at line `line` of its file. Throws base::ParamRuleError at that
  /// line when `dst` has finalized.
  void sent(int src, int dst, int tag, std::uint64_t bytes, std::uint64_t line);
  /// A receive of rank `dst` completed with a message of `src` and `tag` (its status).
  void received(int src, int dst, int tag);
  /// Rank `rank` finalized, every request of its own complete. Throws base::ParamRuleError at the line of the
  /// oldest message to it that no receive took.
  void finalized(int rank);

private:
  struct Sent {
    std::uint64_t line;
    std::uint64_t bytes;
  };
  const std::string& file_of(int rank) const;
  [[noreturn]] void unmatched(int src, int dst, int tag, const Sent& s) const;

  std::shared_ptr<const Layout> layout_;
  std::vector<bool> finalized_;
  std::map<std::tuple<int, int, int>, std::deque<Sent>> outstanding_; // (src, dst, tag): oldest first
};

} // namespace bcssim::apps::replay
