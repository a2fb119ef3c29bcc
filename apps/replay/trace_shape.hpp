#pragma once
// What no single line of a trace can break but the whole trace can, checked when the trace is validated so that
// both MPIs refuse it the same way (exit 2 naming rank, file, line and action) instead of one running it and the
// other deadlocking:
//  - per rank: no action after "finalize", at least one action, "comm_size" = the trace's rank count (every
//    collective runs on MPI_COMM_WORLD);
//  - across ranks: the same sequence of collectives (kind, and root where there is one), and inside the rooted
//    and v ones each message fitting the receive it goes to (collective_flows.hpp);
//  - point to point: each send matched by a receive (MPI's non-overtaking order, FIFO per sender, receiver and
//    tag) at least as large, and each receive by a send; on every channel (sender, receiver, tag) that no
//    receive from any source or with any tag could take from. Such a receive makes its channels' matching a
//    matter of timing: what it matches is checked when it matches, at run time (replay.cpp), on both MPIs.
#include "apps/replay/collective_flows.hpp"
#include "apps/replay/trace.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace bcssim::apps::replay {

class TraceShape {
public:
  explicit TraceShape(const Layout& layout);
  /// One parsed action of `rank` at `file`:`line`; throws base::ParamRuleError at the line that breaks a rule.
  void add(const Action& a, int rank, const std::string& file, std::uint64_t line, std::string_view text);
  /// After every line: throws for what only the end shows (an empty rank, a rank with fewer collectives, an
  /// unmatched send or receive).
  void finish() const;

private:
  struct Where {
    int rank = 0;
    std::uint64_t line = 0;
    std::uint64_t bytes = 0; // a message's size
    bool known_size = true;
    Kind kind = Kind::send;
  };
  struct Collective {
    Kind kind = Kind::barrier;
    int root = -1; // -1: the kind has none
    Where at;      // at.bytes: what every rank's call carries, where MPI requires it to match (see carried())
    bool sized = false;
    int type = 0;                           // a reduction's element type
    std::vector<std::size_t> reduce_counts; // a reducescatter's, which MPI requires identical on every rank
  };
  struct Rank {
    std::uint64_t actions = 0;
    std::uint64_t first_line = 0;   // its first action's line
    std::uint64_t init_at = 0;      // its init's line, 0: none yet
    std::uint64_t finalized_at = 0; // its finalize's line, 0: none yet
    std::size_t collectives = 0;
  };
  using Channel = std::tuple<int, int, int>; // sender, receiver, tag
  struct Queues {
    std::deque<Where> sends, receives;
  };

  const std::string& file_of(int rank) const;
  void collective(const Action& a, int rank, const std::string& file, std::uint64_t line, std::string_view text);
  void message(const Channel& c, const Where& w, bool send);
  /// Whether a receive from any source or with any tag could take channel `c`'s messages.
  bool wild(const Channel& c) const;

  const Layout& layout_;
  std::vector<Rank> ranks_;
  std::vector<Collective> reference_; // the k-th collective as the first rank to reach it made it
  struct Truncation {
    Where receive, send;
    int tag = 0;
  };
  std::map<Channel, Queues> channels_;
  std::map<Channel, Truncation> truncated_; // per channel, its first receive (by rank and line) smaller than its send
  std::set<Channel> wildcards_;             // (receiver, source or ANY_SOURCE, tag or ANY_TAG) of wildcard receives
  CollectiveFlows flows_;
};

} // namespace bcssim::apps::replay
