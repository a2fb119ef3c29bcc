#pragma once
// Replaying one rank's actions of a SimGrid time-independent trace on mpi::Comm, as SimGrid 3.32's replay does
// (smpi_replay.cpp): point-to-point requests are kept by (sender, receiver, tag) for the wait, test and waitall
// that complete them; collectives run the backend's algorithms on the world communicator; a computation burst
// takes compute_scale x flops / host_speed seconds of the rank's CPU (docs/model.md, "Replaying a trace").
#include "apps/replay/trace.hpp"
#include "mpi/comm.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace bcssim::apps::replay {

class MessageLedger;

/// Replays every action `reader` gives on `comm`, then completes the requests still pending (as SMPI does).
/// Throws base::ParamRuleError naming the file and line of an action it cannot honour (a wait for a request
/// that was never posted) or that a real MPI aborts: a receive that matched a larger message (MPI_ERR_TRUNCATE,
/// named at the receive's line once it completes; the trace's check leaves a wildcard's matches to this).
/// `ledger` is the job's (every rank's run shares it): a message no receive takes is refused at its send's line.
void run(mpi::Comm& comm, ActionReader& reader, const Settings& settings, MessageLedger& ledger);

/// Where a receive was posted, for the error of its truncation (empty for a send).
struct Posted {
  std::uint64_t line = 0;
  std::string text;
  std::uint64_t capacity = 0;
};

/// The pending requests of one rank, by (sender, receiver, tag) and in the order they were posted.
class Requests {
public:
  struct Key {
    int src;
    int dst;
    int tag;
    bool operator<(const Key& o) const { return std::tie(src, dst, tag) < std::tie(o.src, o.dst, o.tag); }
  };
  void add(const Key& key, mpi::Request request, Posted posted = {});
  /// The oldest pending request of `key` into `seq` (else the oldest receive posted from any source with its
  /// receiver and tag); false when there is none. Its request is null when a test found it complete.
  bool find(const Key& key, std::uint64_t& seq) const;
  const mpi::Request& at(std::uint64_t seq) const { return by_seq_.at(seq).request; }
  const Posted& posted(std::uint64_t seq) const { return by_seq_.at(seq).posted; }
  /// Marks it complete (a successful test): a later wait on it returns at once.
  void complete(std::uint64_t seq) { by_seq_.at(seq).request = nullptr; }
  void erase(std::uint64_t seq);
  /// Every pending request not yet known complete, in posting order, with where it was posted; then forgets
  /// them all.
  std::vector<std::pair<mpi::Request, Posted>> take_all();
  std::size_t size() const { return by_seq_.size(); }

private:
  struct Entry {
    Key key;
    mpi::Request request; // null once a test found it complete
    Posted posted;
  };
  std::map<Key, std::deque<std::uint64_t>> by_key_;
  std::map<std::uint64_t, Entry> by_seq_;
  std::uint64_t next_ = 0;
};

} // namespace bcssim::apps::replay
