#include "apps/replay/trace_shape.hpp"
#include "apps/replay/trace_text.hpp"
#include "base/envelope.hpp"

#include <fmt/format.h>

namespace bcssim::apps::replay {
using namespace text;

namespace {

bool is_collective(Kind k)
{
  switch (k) {
    case Kind::barrier:
    case Kind::bcast:
    case Kind::reduce:
    case Kind::allreduce:
    case Kind::alltoall:
    case Kind::alltoallv:
    case Kind::gather:
    case Kind::gatherv:
    case Kind::scatter:
    case Kind::scatterv:
    case Kind::allgather:
    case Kind::allgatherv:
    case Kind::reducescatter:
    case Kind::scan:
    case Kind::exscan:
      return true;
    default:
      return false;
  }
}

bool has_root(Kind k)
{
  return k == Kind::bcast || k == Kind::reduce || k == Kind::gather || k == Kind::gatherv || k == Kind::scatter ||
         k == Kind::scatterv;
}

// What MPI requires every rank's call of a collective to carry alike (matching type signatures): a broadcast's
// bytes, an all-to-all's or all-gather's bytes per rank, a reduction's elements and their type. The rooted
// gathers and scatters, and the v variants, differ per rank by design: their messages are checked pairwise
// (collective_flows.hpp).
bool carried(const Action& a, std::uint64_t& bytes, int& type)
{
  switch (a.kind) {
    case Kind::bcast:
    case Kind::alltoall:
    case Kind::allgather:
      bytes = a.bytes;
      return true;
    case Kind::reduce:
    case Kind::allreduce:
    case Kind::scan:
    case Kind::exscan:
      bytes = a.reduction.count;
      type = int(a.reduction.type);
      return true;
    default:
      return false;
  }
}

std::string collective_text(Kind kind, int root)
{
  return root < 0 ? std::string(name_of(kind)) : fmt::format("{} with root {}", name_of(kind), root);
}

// An error on a line read earlier, whose text is no longer at hand.
[[noreturn]] void fail_line(const std::string& file, std::uint64_t line, const std::string& allowed)
{
  fail_file(fmt::format("{}:{}", file, line), allowed);
}

} // namespace

TraceShape::TraceShape(const Layout& layout) : layout_(layout), ranks_(std::size_t(layout.ranks)), flows_(layout) {}

const std::string& TraceShape::file_of(int rank) const
{
  return layout_.rank_files.empty() ? layout_.shared_file : layout_.rank_files[std::size_t(rank)];
}

void TraceShape::add(const Action& a, int rank, const std::string& file, std::uint64_t line, std::string_view text)
{
  Rank& r = ranks_[std::size_t(rank)];
  if (r.finalized_at != 0)
    fail_at(file, line, trim(text),
            fmt::format("no action of rank {} after its finalize (line {}): MPI allows no call after MPI_Finalize",
                        rank, r.finalized_at));
  if (a.kind == Kind::init) {
    if (r.init_at != 0)
      fail_at(file, line, trim(text),
              fmt::format("one init of rank {} (its first is line {}): MPI_Init is called once", rank, r.init_at));
    if (r.actions > 0)
      fail_at(file, line, trim(text),
              fmt::format("rank {}'s init as its first action (its line {} comes before it): no MPI call before "
                          "MPI_Init",
                          rank, r.first_line));
    r.init_at = line;
  } else if (r.init_at == 0) {
    fail_at(file, line, trim(text),
            fmt::format("an init of rank {} before this: no MPI call before MPI_Init (SMPI's traces begin each "
                        "rank with one)",
                        rank));
  }
  if (r.actions++ == 0)
    r.first_line = line;
  switch (a.kind) {
    case Kind::finalize:
      r.finalized_at = line;
      return;
    case Kind::comm_size: {
      std::vector<std::string_view> f;
      split(trim(text), f);
      if (f.size() > 2)
        if (const auto size = to_long(f[2]); size && *size != layout_.ranks)
          fail_at(file, line, trim(text),
                  fmt::format("the size of MPI_COMM_WORLD, {} (the trace's ranks): every collective of the replay "
                              "runs on it",
                              layout_.ranks));
      return;
    }
    case Kind::send:
    case Kind::isend:
      message({rank, a.src, a.tag}, Where{rank, line, a.bytes, true, a.kind}, true);
      return;
    case Kind::recv:
    case Kind::irecv:
      if (a.any_source || a.tag == base::ANY_TAG) { // checked when it matches (replay.cpp)
        wildcards_.insert({rank, a.src, a.tag});
        return;
      }
      message({a.src, rank, a.tag}, Where{rank, line, a.bytes, !a.probe_size, a.kind}, false);
      return;
    case Kind::sendrecv:
      message({a.src, rank, 0}, Where{rank, line, a.recv_bytes, true, a.kind}, false);
      message({rank, a.dst, 0}, Where{rank, line, a.bytes, true, a.kind}, true);
      return;
    default:
      if (is_collective(a.kind))
        collective(a, rank, file, line, text);
      return;
  }
}

void TraceShape::collective(const Action& a, int rank, const std::string& file, std::uint64_t line,
                            std::string_view text)
{
  const std::size_t k = ranks_[std::size_t(rank)].collectives++;
  Collective mine{a.kind, has_root(a.kind) ? a.root : -1, Where{rank, line, 0, true, a.kind}, false, 0, {}};
  mine.sized = carried(a, mine.at.bytes, mine.type);
  if (a.kind == Kind::reducescatter)
    mine.reduce_counts = a.reduce_counts;
  if (k == reference_.size()) {
    reference_.push_back(mine);
    if (has_flows(a.kind))
      flows_.add(k, a, rank, file, line, text);
    return;
  }
  const Collective& first = reference_[k];
  if (first.kind != mine.kind || first.root != mine.root)
    fail_at(file, line, trim(text),
            fmt::format("rank {}'s collective number {} to be what every rank calls there: rank {} calls {} "
                        "({}:{})",
                        rank, k + 1, first.at.rank, collective_text(first.kind, first.root), file_of(first.at.rank),
                        first.at.line));
  if (mine.sized && (mine.at.bytes != first.at.bytes || mine.type != first.type)) {
    const bool reduction = a.kind != Kind::bcast && a.kind != Kind::alltoall && a.kind != Kind::allgather;
    fail_at(file, line, trim(text),
            fmt::format("rank {}'s {} number {} to carry what rank {}'s does ({}:{}): {} {}{}, as MPI requires of "
                        "every rank's call",
                        rank, name_of(a.kind), k + 1, first.at.rank, file_of(first.at.rank), first.at.line,
                        first.at.bytes, reduction ? "elements" : "bytes",
                        reduction && mine.type != first.type ? " of the same type" : ""));
  }
  if (mine.reduce_counts != first.reduce_counts || (a.kind == Kind::reducescatter && mine.type != first.type))
    fail_at(file, line, trim(text),
            fmt::format("rank {}'s reducescatter number {} to give the receive counts (and datatype) rank {}'s does "
                        "({}:{}): MPI requires them identical on every rank",
                        rank, k + 1, first.at.rank, file_of(first.at.rank), first.at.line));
  if (has_flows(a.kind))
    flows_.add(k, a, rank, file, line, text);
}

void TraceShape::message(const Channel& c, const Where& w, bool send)
{
  Queues& q = channels_[c];
  std::deque<Where>& others = send ? q.receives : q.sends;
  if (others.empty()) {
    (send ? q.sends : q.receives).push_back(w);
    return;
  }
  const Where other = others.front();
  others.pop_front();
  const Where& s = send ? w : other;
  const Where& r = send ? other : w;
  // Kept, not thrown: a receive from any source found later would make this matching one of several.
  if (!r.known_size || s.bytes <= r.bytes)
    return;
  const auto [it, first] = truncated_.try_emplace(c, Truncation{r, s, std::get<2>(c)});
  if (!first && std::tie(r.rank, r.line) < std::tie(it->second.receive.rank, it->second.receive.line))
    it->second = Truncation{r, s, std::get<2>(c)};
}

bool TraceShape::wild(const Channel& c) const
{
  const auto [from, to, tag] = c;
  return wildcards_.count({to, base::ANY_SOURCE, base::ANY_TAG}) > 0 ||
         wildcards_.count({to, base::ANY_SOURCE, tag}) > 0 || wildcards_.count({to, from, base::ANY_TAG}) > 0;
}

void TraceShape::finish() const
{
  for (std::size_t r = 0; r < ranks_.size(); ++r) {
    if (ranks_[r].actions == 0)
      fail_file(fmt::format("\"{}\"", file_of(int(r))),
                fmt::format("at least one action of rank {} (its init and finalize at least)", r));
    if (ranks_[r].finalized_at == 0)
      fail_file(fmt::format("\"{}\"", file_of(int(r))),
                fmt::format("a finalize ending rank {}'s actions: the trace ends without its MPI_Finalize (cut "
                            "short?)",
                            r));
    if (ranks_[r].collectives < reference_.size()) {
      const Collective& missing = reference_[ranks_[r].collectives];
      fail_file(fmt::format("\"{}\"", file_of(int(r))),
                fmt::format("rank {} to call every collective the others call: it ends after {} of them, and rank "
                            "{} calls a {} next ({}:{})",
                            r, ranks_[r].collectives, missing.at.rank, collective_text(missing.kind, missing.root),
                            file_of(missing.at.rank), missing.at.line));
    }
  }
  // On the channels no wildcard receive could take from, the first truncation by the receive's rank and line.
  const Truncation* cut = nullptr;
  for (const auto& [c, t] : truncated_)
    if (!wild(c) &&
        (cut == nullptr || std::tie(t.receive.rank, t.receive.line) < std::tie(cut->receive.rank, cut->receive.line)))
      cut = &t;
  if (cut != nullptr) {
    const Where& r = cut->receive;
    const Where& s = cut->send;
    fail_line(file_of(r.rank), r.line,
              fmt::format("a receive of at least the {} bytes that its matching send from rank {} (tag {}, {}:{}) "
                          "carries, not {}: MPI_ERR_TRUNCATE (rank {}'s {}; MPI requires a receive buffer at least "
                          "the message's size, a larger one is fine)",
                          s.bytes, s.rank, cut->tag, file_of(s.rank), s.line, r.bytes, r.rank, name_of(r.kind)));
  }
  // The first unmatched send or receive by rank and line (the channels' order is the map's: deterministic); a
  // channel a wildcard receive could take from is left to the run.
  const Where* first = nullptr;
  bool first_is_send = false;
  const Channel* channel = nullptr;
  for (const auto& [c, q] : channels_) {
    if (wild(c))
      continue;
    for (const bool send : {true, false})
      for (const Where& w : send ? q.sends : q.receives)
        if (first == nullptr || std::tie(w.rank, w.line) < std::tie(first->rank, first->line)) {
          first = &w;
          first_is_send = send;
          channel = &c;
        }
  }
  if (first == nullptr)
    return;
  const auto [from, to, tag] = *channel;
  fail_line(file_of(first->rank), first->line,
            first_is_send
                ? fmt::format("a send that rank {} receives: rank {}'s message to it (tag {}, {} bytes) matches no "
                              "receive of rank {}",
                              to, from, tag, first->bytes, to)
                : fmt::format("a receive that a send matches: rank {} sends rank {} no message with tag {} for it",
                              from, to, tag));
}

} // namespace bcssim::apps::replay
