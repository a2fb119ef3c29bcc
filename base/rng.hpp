#pragma once
// The simulator's one random generator: xoshiro256** (Blackman & Vigna, 2018) seeded through SplitMix64, with
// our own transforms. Pinned here rather than taken from <random> so that a seed gives the same numbers on every
// compiler and standard library (std:: distributions are implementation-defined). Independent streams (one per
// rank, per node, ...) come from stream(seed, key), never from sharing one generator across actors.
#include <cstdint>

namespace bcssim::base {

class Rng {
public:
  explicit Rng(std::uint64_t seed)
  {
    for (std::uint64_t& word : s_)
      word = splitmix64(seed);
  }

  /// The generator of stream `key` (e.g. a rank) under `seed`: streams of different keys are unrelated.
  static Rng stream(std::uint64_t seed, std::uint64_t key)
  {
    std::uint64_t mixed = seed ^ (key * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL);
    return Rng(splitmix64(mixed));
  }

  std::uint64_t next()
  {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in [0, 1), 53 random bits.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& state)
  {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::uint64_t s_[4];
};

} // namespace bcssim::base
