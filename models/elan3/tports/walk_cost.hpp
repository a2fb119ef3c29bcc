#pragma once
// What matching costs the Elan3's thread processor: walking a queue (posted receives on an arrival, unexpected
// messages on a post) costs cycles per entry examined, plus the NIC cache misses that a longer list brings.
// 003 measured both on the same ping-pong: Table 2 the latency with 1-33 receives posted, Table 3 the NIC's
// cache misses over 150 k messages. Up to 13 entries the misses stay near their 1-entry level (0.6-1.2 per
// message); at 17 they are 6.7 per message and at 33, 43.6: the list no longer fits in the cache, and the latency
// bends upwards (003 §2.2).
namespace bcssim::elan3::tports {

/// Cache misses per message whose matching walks `entries` entries, beyond those of a walk of one entry: 003
/// Table 3 divided by its 150 k messages, linear between its rows and extended past 33 entries with the slope of
/// its last two rows (2.3 misses per entry).
double extra_misses(unsigned entries);

/// Thread-processor cycles of a walk over `entries` entries.
double walk_cycles(unsigned entries, double cycles_per_entry, double cycles_per_miss);

} // namespace bcssim::elan3::tports
