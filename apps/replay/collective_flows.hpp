#pragma once
// The messages inside a rooted or v collective, checked pairwise as a trace is read (trace_shape.hpp): what rank i
// sends rank j in a gather(v), scatter(v), allgather(v) or alltoall(v) must fit the receive rank j posts for it
// (MPI: a receive buffer at least the message's size; a smaller one is MPI_ERR_TRUNCATE; a larger one is fine).
// MPI_IN_PLACE needs no exception: SMPI 3.32's tracer writes 0 as an in-place gather root's send count and the
// receive count as an in-place scatter root's (smpi_pmpi_coll.cpp), so a rank's block to itself checks too.
//
// A collective's pairs are held until every rank has read its line of it, then dropped; an all-to-all's hold a
// number per pair, as many as its lines carry.
#include "apps/replay/trace.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bcssim::apps::replay {

class CollectiveFlows {
public:
  explicit CollectiveFlows(const Layout& layout);
  /// Rank `rank`'s line of its collective number `k` (0-based; the caller has checked its kind and root against
  /// the other ranks'). Throws base::ParamRuleError at this line when one of its messages does not fit, naming the
  /// other rank's line.
  void add(std::size_t k, const Action& a, int rank, const std::string& file, std::uint64_t line,
           std::string_view text);

private:
  // What one rank's line sends to (or receives from) its peers: nothing, one uniform size for every peer (or for
  // the root alone), or one size per peer.
  struct Side {
    bool any = false;
    int only = -1; // >= 0: to/from this rank alone
    std::uint64_t uniform = 0;
    std::vector<std::uint64_t> per; // non-empty: by peer
    bool at(int peer, std::uint64_t& bytes) const;
  };
  struct Seen {
    std::uint64_t line = 0; // 0: not read yet
    Side out, in;
  };
  struct Pending {
    std::vector<Seen> ranks;
    std::size_t seen = 0;
  };
  static void sides(const Action& a, int rank, Side& out, Side& in);
  const std::string& file_of(int rank) const;

  const Layout& layout_;
  std::map<std::size_t, Pending> pending_; // by collective number, while some rank has not reached it
};

/// Whether `kind` is a collective whose messages differ per rank (gather, scatter, their v and all- forms).
bool has_flows(Kind kind);

} // namespace bcssim::apps::replay
