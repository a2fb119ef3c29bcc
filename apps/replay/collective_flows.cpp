#include "apps/replay/collective_flows.hpp"
#include "apps/replay/trace_text.hpp"

#include <fmt/format.h>

namespace bcssim::apps::replay {
using namespace text;

bool has_flows(Kind kind)
{
  switch (kind) {
    case Kind::gather:
    case Kind::gatherv:
    case Kind::scatter:
    case Kind::scatterv:
    case Kind::allgather:
    case Kind::allgatherv:
    case Kind::alltoall:
    case Kind::alltoallv:
      return true;
    default:
      return false;
  }
}

bool CollectiveFlows::Side::at(int peer, std::uint64_t& bytes) const
{
  if (!any || (only >= 0 && peer != only))
    return false;
  bytes = per.empty() ? uniform : per[std::size_t(peer)];
  return true;
}

CollectiveFlows::CollectiveFlows(const Layout& layout) : layout_(layout) {}

const std::string& CollectiveFlows::file_of(int rank) const
{
  return layout_.rank_files.empty() ? layout_.shared_file : layout_.rank_files[std::size_t(rank)];
}

// The significant counts of each form (MPI: a root's receive counts and a non-root's send buffer only where they
// are used), as the replay runs them (replay.cpp).
void CollectiveFlows::sides(const Action& a, int rank, Side& out, Side& in)
{
  const bool root = rank == a.root;
  switch (a.kind) {
    case Kind::gather:
      out = Side{true, a.root, a.bytes, {}};
      if (root)
        in = Side{true, -1, a.recv_bytes, {}};
      break;
    case Kind::gatherv:
      out = Side{true, a.root, a.bytes, {}};
      if (root)
        in = Side{true, -1, 0, a.counts};
      break;
    case Kind::scatter:
      if (root)
        out = Side{true, -1, a.bytes, {}};
      in = Side{true, a.root, a.recv_bytes, {}};
      break;
    case Kind::scatterv:
      if (root)
        out = Side{true, -1, 0, a.counts};
      in = Side{true, a.root, a.recv_bytes, {}};
      break;
    case Kind::allgather:
    case Kind::alltoall:
      out = Side{true, -1, a.bytes, {}};
      in = Side{true, -1, a.recv_bytes, {}};
      break;
    case Kind::allgatherv:
      out = Side{true, -1, a.bytes, {}};
      in = Side{true, -1, 0, a.counts};
      break;
    case Kind::alltoallv:
      out = Side{true, -1, 0, a.counts};
      in = Side{true, -1, 0, a.recv_counts};
      break;
    default:
      break;
  }
}

void CollectiveFlows::add(std::size_t k, const Action& a, int rank, const std::string& file, std::uint64_t line,
                          std::string_view text)
{
  Pending& p = pending_[k];
  if (p.ranks.empty())
    p.ranks.resize(std::size_t(layout_.ranks));
  Seen& me = p.ranks[std::size_t(rank)];
  me.line = line;
  sides(a, rank, me.out, me.in);
  const auto truncated = [&](int from, int to, std::uint64_t sent, std::uint64_t room, int other) {
    const std::string where = other == rank ? std::string("on this line")
                                            : fmt::format("{}:{}", file_of(other), p.ranks[std::size_t(other)].line);
    fail_at(file, line, trim(text),
            to == rank
                ? fmt::format("rank {}'s {} (collective number {}) to receive at least the {} bytes rank {} sends it "
                              "({}), not {}: MPI_ERR_TRUNCATE (MPI requires a receive buffer at least the message's "
                              "size; a larger one is fine)",
                              rank, name_of(a.kind), k + 1, sent, from, where, room)
                : fmt::format("rank {}'s {} (collective number {}) to send rank {} at most the {} bytes it receives "
                              "({}), not {}: MPI_ERR_TRUNCATE (MPI requires a receive buffer at least the message's "
                              "size; a larger one is fine)",
                              rank, name_of(a.kind), k + 1, to, room, where, sent));
  };
  // Every pair with a rank read before (and this rank's block to itself), in rank order.
  for (int q = 0; q < layout_.ranks; ++q) {
    const Seen& other = p.ranks[std::size_t(q)];
    if (other.line == 0)
      continue;
    std::uint64_t sent = 0, room = 0;
    if (other.out.at(rank, sent) && me.in.at(q, room) && sent > room)
      truncated(q, rank, sent, room, q);
    if (q != rank && me.out.at(q, sent) && other.in.at(rank, room) && sent > room)
      truncated(rank, q, sent, room, q);
  }
  if (++p.seen == std::size_t(layout_.ranks))
    pending_.erase(k);
}

} // namespace bcssim::apps::replay
