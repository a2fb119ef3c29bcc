#include "apps/replay/otf2/v_collectives.hpp"

#include <otf2/OTF2_Events.h>

#include <fmt/format.h>

#include <string>

namespace bcssim::apps::replay::otf2 {
namespace {

const char* mpi_name(int op)
{
  switch (op) {
    case OTF2_COLLECTIVE_OP_GATHERV:
      return "MPI_Gatherv";
    case OTF2_COLLECTIVE_OP_SCATTERV:
      return "MPI_Scatterv";
    case OTF2_COLLECTIVE_OP_ALLGATHERV:
      return "MPI_Allgatherv";
    default:
      return "MPI_Reduce_scatter";
  }
}

std::string joined(const std::vector<std::uint64_t>& counts)
{
  std::string out;
  for (std::uint64_t c : counts)
    out += fmt::format(" {}", c);
  return out;
}

// `total` less the others' counts: the root's own block, or nothing if the others already exceed it.
bool own_share(std::uint64_t total, std::vector<std::uint64_t>& counts, std::size_t own)
{
  std::uint64_t others = 0;
  for (std::size_t r = 0; r < counts.size(); ++r)
    if (r != own)
      others += counts[r];
  if (others > total)
    return false;
  counts[own] = total - others;
  return true;
}

} // namespace

bool per_rank_counts(int op)
{
  return op == OTF2_COLLECTIVE_OP_GATHERV || op == OTF2_COLLECTIVE_OP_SCATTERV || op == OTF2_COLLECTIVE_OP_ALLGATHERV ||
         op == OTF2_COLLECTIVE_OP_REDUCE_SCATTER;
}

CollectiveAction VCollectives::action(int rank, std::size_t k) const
{
  const std::size_t n = by_rank_.size();
  const CollectiveRecord& mine = by_rank_.at(std::size_t(rank)).at(k);
  const char* name = mpi_name(mine.op);
  // Every rank's k-th call must be this one: the same operation and root.
  for (const auto& calls : by_rank_)
    if (k >= calls.size() || calls[k].op != mine.op || calls[k].root != mine.root)
      return {"", fmt::format("{} (the ranks' sequences of v collectives differ: no per-rank counts)", name)};
  const auto record = [&](std::size_t r) -> const CollectiveRecord& { return by_rank_[r][k]; };
  std::vector<std::uint64_t> counts(n, 0);
  const auto odd = [name] {
    return CollectiveAction{"", fmt::format("{} (byte counts not as Score-P records them)", name)};
  };
  switch (mine.op) {
    case OTF2_COLLECTIVE_OP_GATHERV: {
      // Each rank sent its block; the root received them all (its own too, unless it kept it in place).
      const std::size_t root = mine.root;
      if (root >= n)
        return odd();
      for (std::size_t r = 0; r < n; ++r)
        counts[r] = record(r).sent;
      if (!own_share(record(root).received, counts, root))
        return odd();
      return {fmt::format("gatherv {}{} {}", mine.sent, joined(counts), root), ""};
    }
    case OTF2_COLLECTIVE_OP_SCATTERV: {
      const std::size_t root = mine.root;
      if (root >= n)
        return odd();
      for (std::size_t r = 0; r < n; ++r)
        counts[r] = record(r).received;
      if (!own_share(record(root).sent, counts, root))
        return odd();
      return {fmt::format("scatterv{} {} {}", joined(counts), counts[std::size_t(rank)], root), ""};
    }
    case OTF2_COLLECTIVE_OP_ALLGATHERV:
      // Each rank sent its block to every rank: N of them (N - 1 in place, its own not moved).
      for (std::size_t r = 0; r < n; ++r) {
        const std::uint64_t sent = record(r).sent;
        if (sent % n == 0)
          counts[r] = sent / n;
        else if (n > 1 && sent % (n - 1) == 0)
          counts[r] = sent / (n - 1);
        else
          return odd();
      }
      return {fmt::format("allgatherv {}{}", counts[std::size_t(rank)], joined(counts)), ""};
    default: { // MPI_Reduce_scatter: each rank received its block from every rank, in elements where bcs-sim's
               // archive gives their size (bcssim_records.hpp)
      const std::uint64_t e = mine.element == 4 || mine.element == 8 ? std::uint64_t(mine.element) : 1;
      for (std::size_t r = 0; r < n; ++r) {
        if (record(r).received % (n * e) != 0)
          return odd();
        counts[r] = record(r).received / n / e;
      }
      return {fmt::format("reducescatter{} 0{}", joined(counts), datatype_field(int(e))), ""};
    }
  }
}

} // namespace bcssim::apps::replay::otf2
