#include "models/elan3/tports/walk_cost.hpp"

#include <array>
#include <cstddef>

namespace bcssim::elan3::tports {
namespace {

struct Row {
  double entries, misses; // receives posted, NIC cache misses over the benchmark
};
// 003 Table 3 ("Receives Posted vs Cache Misses", 150K messages of 16 to 256 bytes).
constexpr std::array<Row, 6> table3{{{1, 86017}, {5, 92475}, {9, 103037}, {13, 174060}, {17, 1008003}, {33, 6539278}}};
constexpr double table3_messages = 150e3;

double misses_per_message(double entries)
{
  std::size_t i = 1;
  while (i + 1 < table3.size() && entries > table3[i].entries)
    ++i;
  const Row& a = table3[i - 1];
  const Row& b = table3[i];
  return (a.misses + (b.misses - a.misses) * (entries - a.entries) / (b.entries - a.entries)) / table3_messages;
}

} // namespace

double extra_misses(unsigned entries)
{
  if (entries <= 1)
    return 0;
  return misses_per_message(entries) - misses_per_message(1);
}

double walk_cycles(unsigned entries, double cycles_per_entry, double cycles_per_miss)
{
  return entries * cycles_per_entry + extra_misses(entries) * cycles_per_miss;
}

} // namespace bcssim::elan3::tports
