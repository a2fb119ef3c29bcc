#include "apps/replay/otf2/collectives.hpp"

#include <otf2/OTF2_Events.h>

#include <fmt/format.h>

#include <charconv>
#include <sstream>
#include <vector>

namespace bcssim::apps::replay::otf2 {
namespace {

// `total` as `blocks` blocks of one size, or nullopt if it is not.
std::optional<std::uint64_t> block(std::uint64_t total, std::uint64_t blocks)
{
  if (blocks == 0)
    return total == 0 ? std::optional<std::uint64_t>(0) : std::nullopt;
  if (total % blocks != 0)
    return std::nullopt;
  return total / blocks;
}

// One block per rank, or N-1 when the buffer was in place (the rank's own block not moved).
std::optional<std::uint64_t> block_of_all(std::uint64_t total, int n)
{
  if (auto b = block(total, std::uint64_t(n)))
    return b;
  return n > 1 ? block(total, std::uint64_t(n - 1)) : std::nullopt;
}

// Whole numbers separated by blanks; empty if anything else is there.
std::vector<std::uint64_t> counts_of(const std::string& text)
{
  std::vector<std::uint64_t> out;
  std::istringstream in(text);
  for (std::string field; in >> field;) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
    if (ec != std::errc() || end != field.data() + field.size())
      return {};
    out.push_back(v);
  }
  return out;
}

CollectiveAction odd_sizes(const char* name)
{
  return {"", fmt::format("{} (byte counts not as Score-P records them)", name)};
}

} // namespace

std::string datatype_field(int element)
{
  // SMPI 3.32's ids: 0 = MPI_DOUBLE (8 bytes), 1 = MPI_INT (4); the replay reads 4 and 8 bytes as int32 and float64.
  return element == 8 ? " 0" : element == 4 ? " 1" : "";
}

std::string reduction_fields(std::uint64_t bytes, int element, const std::string& between)
{
  if ((element == 4 || element == 8) && bytes % std::uint64_t(element) == 0)
    return fmt::format(" {}{}{}", bytes / std::uint64_t(element), between, datatype_field(element));
  return fmt::format(" {}{}", bytes, between);
}

CollectiveAction collective_action(const CollectiveRecord& c, int rank, int n)
{
  const std::uint64_t N = std::uint64_t(n);
  const std::uint64_t r = std::uint64_t(rank);
  const bool root = c.root == std::uint32_t(rank);
  switch (c.op) {
    case OTF2_COLLECTIVE_OP_BARRIER:
      return {"barrier", ""};
    case OTF2_COLLECTIVE_OP_BCAST: {
      // Every rank receives the block, the root included; a root that counted none sent N of them.
      const std::optional<std::uint64_t> b = c.received > 0 || !root ? c.received : block(c.sent, N);
      if (!b)
        return odd_sizes("MPI_Bcast");
      return {fmt::format("bcast {} {}", *b, c.root), ""};
    }
    case OTF2_COLLECTIVE_OP_REDUCE:
      return {"reduce" + reduction_fields(c.sent, c.element, fmt::format(" 0 {}", c.root)), ""};
    case OTF2_COLLECTIVE_OP_ALLREDUCE: {
      const auto b = block(c.sent, N);
      if (!b)
        return odd_sizes("MPI_Allreduce");
      return {"allreduce" + reduction_fields(*b, c.element, " 0"), ""};
    }
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: {
      const auto b = block(c.sent, N);
      if (!b)
        return odd_sizes("MPI_Reduce_scatter_block");
      const int e = (c.element == 4 || c.element == 8) && *b % std::uint64_t(c.element) == 0 ? c.element : 1;
      std::string counts;
      for (int i = 0; i < n; ++i)
        counts += fmt::format(" {}", *b / std::uint64_t(e));
      return {fmt::format("reducescatter{} 0{}", counts, datatype_field(e)), ""};
    }
    case OTF2_COLLECTIVE_OP_GATHER: {
      if (!root)
        return {fmt::format("gather {} {} {}", c.sent, c.sent, c.root), ""};
      // The root's block from what it received: N blocks, or N-1 when its own stayed in place (it sent 0).
      const auto b =
          c.sent == 0 ? (n > 1 ? block(c.received, N - 1) : std::optional<std::uint64_t>(0)) : block(c.received, N);
      if (!b)
        return odd_sizes("MPI_Gather");
      return {fmt::format("gather {} {} {}", c.sent, *b, c.root), ""};
    }
    case OTF2_COLLECTIVE_OP_SCATTER: {
      const auto b = c.received > 0 || !root ? std::optional<std::uint64_t>(c.received) : block_of_all(c.sent, n);
      if (!b)
        return odd_sizes("MPI_Scatter");
      return {fmt::format("scatter {} {} {}", *b, *b, c.root), ""};
    }
    case OTF2_COLLECTIVE_OP_ALLGATHER:
    case OTF2_COLLECTIVE_OP_ALLTOALL: {
      const bool gather = c.op == OTF2_COLLECTIVE_OP_ALLGATHER;
      const auto b = block_of_all(c.sent, n);
      if (!b)
        return odd_sizes(gather ? "MPI_Allgather" : "MPI_Alltoall");
      return {fmt::format("{} {} {}", gather ? "allgather" : "alltoall", *b, *b), ""};
    }
    case OTF2_COLLECTIVE_OP_SCAN: {
      const auto b = block(c.received, r + 1);
      if (!b)
        return odd_sizes("MPI_Scan");
      return {"scan" + reduction_fields(*b, c.element, " 0"), ""};
    }
    case OTF2_COLLECTIVE_OP_EXSCAN: {
      const auto b = r + 1 < N ? block(c.sent, N - 1 - r) : block(c.received, r);
      if (!b)
        return odd_sizes("MPI_Exscan");
      return {"exscan" + reduction_fields(*b, c.element, " 0"), ""};
    }
    case OTF2_COLLECTIVE_OP_GATHERV:
      return {"", "MPI_Gatherv (OTF2 keeps each rank's total, not the per-rank counts)"};
    case OTF2_COLLECTIVE_OP_SCATTERV:
      return {"", "MPI_Scatterv (OTF2 keeps each rank's total, not the per-rank counts)"};
    case OTF2_COLLECTIVE_OP_ALLGATHERV:
      return {"", "MPI_Allgatherv (OTF2 keeps each rank's total, not the per-rank counts)"};
    case OTF2_COLLECTIVE_OP_ALLTOALLV: {
      // bcs-sim's own archive keeps the per-pair counts: "<sent to each> | <received from each>".
      const std::size_t bar = c.pairs.find('|');
      const std::vector<std::uint64_t> sent = counts_of(c.pairs.substr(0, bar));
      const std::vector<std::uint64_t> received =
          bar == std::string::npos ? std::vector<std::uint64_t>{} : counts_of(c.pairs.substr(bar + 1));
      if (sent.size() == N && received.size() == N) {
        std::uint64_t out = 0, in = 0;
        std::string s, r;
        for (std::size_t i = 0; i < N; ++i) {
          out += sent[i];
          in += received[i];
          s += fmt::format(" {}", sent[i]);
          r += fmt::format(" {}", received[i]);
        }
        if (out == c.sent && in == c.received)
          return {fmt::format("alltoallv {}{} {}{}", out, s, in, r), ""};
      }
      return {"", "MPI_Alltoallv/w (OTF2 keeps each rank's totals, not the per-pair counts)"};
    }
    case OTF2_COLLECTIVE_OP_ALLTOALLW:
      return {"", "MPI_Alltoallv/w (OTF2 keeps each rank's totals, not the per-pair counts)"};
    case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
      return {"", "MPI_Reduce_scatter (OTF2 keeps each rank's total, not the per-rank counts)"};
    default: // communicator and window creation or release (MPI_Comm_split, MPI_Win_create, ...): no data moved
      return {"", ""};
  }
}

} // namespace bcssim::apps::replay::otf2
