#pragma once
// What travels ahead of (or with) every tagged point-to-point message and what a receive is matched against
// (MPI-1.1 §3.5): source, tag and communication context, plus the sender's sequence number towards this
// destination, which keeps MPI's non-overtaking order whatever the order the network delivers envelopes in.
#include <cstdint>

namespace bcssim::base {

constexpr int ANY_SOURCE = -1;
constexpr int ANY_TAG = -1;

struct Envelope {
  int source = 0;
  int tag = 0;
  int context = 0;       // communicator / job: envelopes of different contexts never match
  std::uint64_t seq = 0; // 0, 1, 2, ... per (source, destination, context), in send order
  std::uint64_t bytes = 0;
};

/// The (source, tag) pattern of a receive or probe; ANY_SOURCE / ANY_TAG are wildcards.
struct Pattern {
  int source = ANY_SOURCE;
  int tag = ANY_TAG;
  int context = 0;
  bool matches(const Envelope& e) const
  {
    return e.context == context && (source == ANY_SOURCE || source == e.source) && (tag == ANY_TAG || tag == e.tag);
  }
};

} // namespace bcssim::base
