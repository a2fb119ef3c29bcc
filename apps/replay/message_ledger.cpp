#include "apps/replay/message_ledger.hpp"

#include "apps/replay/trace_text.hpp"

#include <fmt/format.h>

namespace bcssim::apps::replay {

const std::string& MessageLedger::file_of(int rank) const
{
  return layout_->rank_files.empty() ? layout_->shared_file : layout_->rank_files[std::size_t(rank)];
}

void MessageLedger::unmatched(int src, int dst, int tag, const Sent& s) const
{
  text::fail_file(fmt::format("{}:{}", text::visible(file_of(src)), s.line),
                  fmt::format("a send that rank {} receives: rank {}'s message to it (tag {}, {} bytes) matches no "
                              "receive of rank {}, which finalized without taking it (found in the run: a wildcard "
                              "receive could have taken it)",
                              dst, src, tag, s.bytes, dst));
}

void MessageLedger::sent(int src, int dst, int tag, std::uint64_t bytes, std::uint64_t line)
{
  if (dst < 0 || std::size_t(dst) >= finalized_.size()) // the trace's check names a peer out of range
    return;
  const Sent s{line, bytes};
  if (finalized_[std::size_t(dst)])
    unmatched(src, dst, tag, s);
  outstanding_[{src, dst, tag}].push_back(s);
}

void MessageLedger::received(int src, int dst, int tag)
{
  const auto it = outstanding_.find({src, dst, tag});
  if (it == outstanding_.end())
    return;
  it->second.pop_front();
  if (it->second.empty())
    outstanding_.erase(it);
}

void MessageLedger::finalized(int rank)
{
  finalized_.at(std::size_t(rank)) = true;
  // The oldest outstanding message to it, by sender and line (the map's order: deterministic).
  const std::tuple<int, int, int>* key = nullptr;
  const Sent* first = nullptr;
  for (const auto& [k, queue] : outstanding_)
    if (std::get<1>(k) == rank &&
        (first == nullptr || std::tie(std::get<0>(k), queue.front().line) < std::tie(std::get<0>(*key), first->line))) {
      key = &k;
      first = &queue.front();
    }
  if (first != nullptr)
    unmatched(std::get<0>(*key), rank, std::get<2>(*key), *first);
}

} // namespace bcssim::apps::replay
