#include "base/matching.hpp"

#include <stdexcept>
#include <string>

namespace bcssim::base {

std::optional<Envelope> MatchingQueues::post(ReceiveId id, const Pattern& pattern, unsigned* walked)
{
  unsigned n = 0;
  for (auto it = unexpected_.begin(); it != unexpected_.end(); ++it) {
    ++n;
    if (pattern.matches(*it)) {
      Envelope e = *it;
      unexpected_.erase(it);
      if (walked != nullptr)
        *walked = n;
      return e;
    }
  }
  if (walked != nullptr)
    *walked = n;
  posted_.push_back({id, pattern});
  return std::nullopt;
}

std::optional<Match> MatchingQueues::deliver(const Envelope& e, unsigned* walked)
{
  for (auto it = posted_.begin(); it != posted_.end(); ++it) {
    if (walked != nullptr)
      ++*walked;
    if (it->pattern.matches(e)) {
      Match m{it->id, e};
      posted_.erase(it);
      return m;
    }
  }
  unexpected_.push_back(e);
  return std::nullopt;
}

std::vector<Match> MatchingQueues::arrive(const Envelope& e, unsigned* walked)
{
  std::uint64_t& next = next_seq_[Stream{e.context, e.source}];
  if (e.seq < next)
    throw std::logic_error("MatchingQueues::arrive: duplicate envelope seq " + std::to_string(e.seq) + " from rank " +
                           std::to_string(e.source));
  std::vector<Match> matches;
  if (e.seq > next) { // early: wait for the sender's earlier messages
    held_.emplace(std::make_tuple(e.context, e.source, e.seq), e);
    return matches;
  }
  Envelope current = e;
  for (;;) {
    ++next;
    if (auto m = deliver(current, walked))
      matches.push_back(*m);
    auto it = held_.find(std::make_tuple(e.context, e.source, next));
    if (it == held_.end())
      break;
    current = it->second;
    held_.erase(it);
  }
  return matches;
}

std::optional<Envelope> MatchingQueues::probe(const Pattern& pattern) const
{
  for (const Envelope& e : unexpected_)
    if (pattern.matches(e))
      return e;
  return std::nullopt;
}

bool MatchingQueues::cancel(ReceiveId id)
{
  for (auto it = posted_.begin(); it != posted_.end(); ++it)
    if (it->id == id) {
      posted_.erase(it);
      return true;
    }
  return false;
}

} // namespace bcssim::base
