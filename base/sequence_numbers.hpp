#pragma once
// MPI's non-overtaking order (MPI-1.1 §3.5) numbers each stream's messages 0, 1, 2, ... in send order: a stream is
// (job, source, destination, context). Looked up once per message and never iterated (so its order cannot leak
// into results), the counters live in a hash map: a std::map's tree walk missed the cache at every level and took
// 2 % of a 4096-rank run (bench/README.md, issue 23).
#include <cstdint>
#include <unordered_map>

namespace bcssim::base {

class SequenceNumbers {
public:
  /// The stream's next number, counting it taken.
  std::uint64_t take(int source, int destination, int context, int job = 0)
  {
    return counters_[Stream{job, source, destination, context}]++;
  }

private:
  struct Stream {
    int job, source, destination, context;
    bool operator==(const Stream& o) const
    {
      return job == o.job && source == o.source && destination == o.destination && context == o.context;
    }
  };
  struct Hash {
    std::size_t operator()(const Stream& s) const noexcept
    {
      // splitmix64's finalizer over the four fields packed two by two
      auto mix = [](std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
      };
      const auto pair = [](int a, int b) { return (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b); };
      return std::size_t(mix(pair(s.source, s.destination) ^ mix(pair(s.job, s.context))));
    }
  };
  std::unordered_map<Stream, std::uint64_t, Hash> counters_;
};

} // namespace bcssim::base
