#pragma once
// What a trace-producing step (the recorder, the OTF2 converter either way) met that the time-independent format
// cannot hold as the replay needs it: by kind, its count and the ranks that made it; and the report every such step
// gives of them, one line a kind ("\n  <what>: 3 calls on 2 ranks").
#include "base/units.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace bcssim::apps::replay {

using UnsupportedCalls = std::map<std::string, std::pair<long, std::set<int>>>; // what -> (count, ranks)

inline void count_unsupported(UnsupportedCalls& calls, const std::string& what, long count, int rank)
{
  auto& c = calls[what];
  c.first += count;
  c.second.insert(rank);
}

inline std::string unsupported_report(const UnsupportedCalls& calls)
{
  std::string text;
  for (const auto& [what, seen] : calls)
    text += fmt::format("\n  {}: {} on {}", what, base::counted(seen.first, "call"),
                        base::counted(static_cast<long long>(seen.second.size()), "rank"));
  return text;
}

} // namespace bcssim::apps::replay
