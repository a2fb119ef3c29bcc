#pragma once
// The receive side of tagged point-to-point matching for one endpoint, with MPI's rules (MPI-1.1 §3.5): a
// posted-receive queue and an unexpected-message queue, both searched in order, so that
//   - a receive takes the earliest eligible unexpected message that matches it;
//   - an arriving message goes to the earliest posted receive that matches it;
//   - messages from one sender are eligible in the order they were sent (non-overtaking), even if the network
//     delivers their envelopes out of order: an early envelope waits until its predecessors have arrived.
// Pure code with no simulation in it, shared by the layers that match (Elan Tports on the NIC for the baseline,
// the BCS-MPI Buffer Receiver); every operation also reports how many queue entries it walked, which they turn
// into NIC time (003 Table 2: matching cost grows with the posted-receive list).
#include "base/envelope.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace bcssim::base {

using ReceiveId = std::uint64_t;

struct Match {
  ReceiveId receive;
  Envelope envelope;
};

class MatchingQueues {
public:
  /// Posts a receive. If an eligible unexpected message matches, it is taken and returned; otherwise the receive
  /// is queued. `walked` (if given) is set to the number of unexpected entries examined.
  std::optional<Envelope> post(ReceiveId id, const Pattern& pattern, unsigned* walked = nullptr);

  /// An envelope arrives. Returns the matches it makes possible, in order: none (held back or unexpected), one,
  /// or several (when it fills a gap and earlier-held envelopes of the same sender become eligible). `walked`
  /// adds the posted-receive entries examined.
  std::vector<Match> arrive(const Envelope& envelope, unsigned* walked = nullptr);

  /// The earliest eligible unexpected envelope matching `pattern`, left in place (MPI_Iprobe).
  std::optional<Envelope> probe(const Pattern& pattern) const;

  /// Withdraws a posted receive that has not matched (e.g. a cancelled request). False if there is none.
  bool cancel(ReceiveId id);

  std::size_t posted() const { return posted_.size(); }
  std::size_t unexpected() const { return unexpected_.size(); }
  std::size_t held() const { return held_.size(); }

private:
  struct Posted {
    ReceiveId id;
    Pattern pattern;
  };
  using Stream = std::tuple<int, int>; // (context, source)

  std::optional<Match> deliver(const Envelope& e, unsigned* walked);

  std::deque<Posted> posted_;
  std::deque<Envelope> unexpected_;
  std::map<Stream, std::uint64_t> next_seq_;                     // next eligible sequence number per sender
  std::map<std::tuple<int, int, std::uint64_t>, Envelope> held_; // arrived early: (context, source, seq)
};

} // namespace bcssim::base
