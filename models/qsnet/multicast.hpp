#pragma once
// QsNet hardware multicast (002 §2.4.2.1), which SimGrid lacks: one packet stream from a source to a contiguous
// range of nodes along the spanning tree of spanning_tree.hpp, as ONE SimGrid comm whose route is the whole tree
// (QsNetZone channels). So the multicast loads every link of its tree and shares them with unicast traffic,
// and its rate is the ack-limited model over the tree: a packet is released only when the acks of all
// destinations, combined in the switches ("worst ack wins"), are back, so the route latency is the longest
// path's. Delivery is atomic: the caller learns "all destinations" or "none" (an injected network error).
#include "models/qsnet/platform.hpp"

#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace bcssim::qsnet {

/// Defaults and sources: qsnet::multicast_params() (models/qsnet/params.cpp).
struct MulticastSpec {
  /// s per packet when the source reads main memory: the multicast DMA fetches each packet across PCI only
  /// once the previous packet's combined ack is back, so the fetch adds to the packet cycle.
  double main_fetch = 0;
  /// 1-based ordinal numbers (machine-wide, in start order) of the multicasts that meet a network error.
  std::set<std::uint64_t> failing;
  /// Down links of the spanning tree one multicast loads: whole levels from the top down while they fit, plus the
  /// path to the farthest destination (multicast.cpp: SimGrid's solver is quadratic in a flow's link count).
  unsigned link_budget = 0;
};

struct MulticastRequest {
  unsigned src_node;
  bool src_main;  // the data is read from main memory (crosses the source's PCI bus)
  unsigned first; // destination range, inclusive
  unsigned last;
  bool dst_main; // the data is written to main memory at every destination (crosses their PCI buses)
  std::uint64_t bytes;
  std::string poster = {}; // the NIC thread or actor that posted it: the first key between simultaneous requests
};

class HardwareMulticast {
public:
  HardwareMulticast(const Platform& platform, MulticastSpec spec);

  /// Sends and blocks the calling actor until the combined ack is back. True: every destination has the data;
  /// false: a network error, no destination has it. One multicast per source NIC at a time (the NIC's channel),
  /// in the order they were posted; those posted at one instant by explicit keys (poster, range, memories, size),
  /// not in the order SimGrid ran their actors.
  bool send(const MulticastRequest& request);

  /// Whether some multicast is set to fail (MulticastSpec::failing): then which one is the how-manieth counts.
  bool fails_some() const { return !spec_.failing.empty(); }
  /// Latency of the longest path of the tree (half the combined-ack round trip), without the main-memory fetch.
  double tree_latency(unsigned src, unsigned first, unsigned last) const { return shape(src, first, last).latency; }
  /// Switch level at which the tree turns down (0: the range is the source alone).
  unsigned top_level(unsigned src, unsigned first, unsigned last) const { return shape(src, first, last).top_level; }

private:
  struct Key {
    unsigned src, first, last;
    bool src_main, dst_main;
    bool operator<(const Key& o) const
    {
      return std::tie(src, first, last, src_main, dst_main) < std::tie(o.src, o.first, o.last, o.src_main, o.dst_main);
    }
  };
  struct Prepared {
    std::vector<simgrid::s4u::Link*> links; // what the multicast loads
    double latency = 0;                     // of the channel route: longest path (+ half a fetch)
  };
  /// Routes are reused: collectives and strobes repeat the same ranges (looked up by key, never iterated).
  const Prepared& prepare(const MulticastRequest& r);
  struct Shape {
    double latency;     // longest path of the tree
    unsigned top_level; // where it turns down
  };
  /// The same for the tree's timing, which every multicast and global query over a range needs.
  const Shape& shape(unsigned src, unsigned first, unsigned last) const;

  const Platform& platform_;
  MulticastSpec spec_;
  // A source NIC's multicast channel: who holds it and who waits for it.
  struct Waiter {
    double posted;
    const MulticastRequest* request;
    simgrid::s4u::SemaphorePtr go = simgrid::s4u::Semaphore::create(0);
    bool granted = false;
  };
  struct Channel {
    bool busy = false;
    std::vector<Waiter*> waiting;
  };
  static bool served_before(const Waiter* a, const Waiter* b);
  void acquire_channel(Channel& channel, const MulticastRequest& r);
  void release_channel(Channel& channel);
  std::vector<Channel> channels_; // by source node
  std::uint64_t started_ = 0;
  std::map<Key, Prepared> prepared_;
  mutable std::map<std::tuple<unsigned, unsigned, unsigned>, Shape> shapes_;
};

} // namespace bcssim::qsnet
