#pragma once
// What the runtime's protocol threads truly share (000 §4.1-4.2): the machine they run on (core primitives, NIC
// memory, costs), the slice clock the Strobe Sender keeps, the words and events every NIC has at the same
// address, the job table and the EMDS probe. Everything else is a thread's own state, reached only through
// that thread's methods (node.hpp gathers one node's threads).
#include "bcs/core/primitives.hpp"
#include "bcs/runtime/emds_probe.hpp"
#include "bcs/runtime/spec.hpp"
#include "bcs/runtime/state.hpp"
#include "models/elan3/host_interface.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace bcssim::bcs::runtime {

class Node;

/// The slice the machine is in. Written by the Strobe Sender only; every other thread reads it.
struct SliceClock {
  std::int64_t slice = 0; // the current slice's number
  double start = 0;       // s: its nominal start (a late strobe does not shift the slices after it)
  double tail = 0;        // s: the broadcast and reduce microphases took in the last slice (measured by the SS)
};

/// Whether the protocol still moves anything: the Strobe Sender's watchdog reads it (strobe_sender.cpp).
struct Progress {
  std::uint64_t events = 0;  // descriptors posted, delivered, matched or moved, collectives done, restarts
  bool starved = false;      // a BR had data to schedule and no time left in the slice for any of it
  double starved_left = 0;   // s: the time for point to point that BR had (no more than a chunk's fixed costs)
  double starved_rate = 0;   // B/s: the rate it sized chunks by
  bool warned_short = false; // the user was told that point to point gets a sliver of each slice (once per run)
};

/// Why the Strobe Sender stopped while processes still waited (Runtime::stall()).
struct Stall {
  std::int64_t slice = 0;       // the slice at which it gave up
  std::int64_t idle_slices = 0; // slices in a row in which every process waited and nothing moved
  double slice_needs = 0;       // s: the longest of those slices, from strobe to last microphase, when a BR
                                // found no time for point to point in them (0: it always did)
  bool starved = false;         // in the last slice, a BR had data and could schedule none of it
  double p2p_left = 0;          // s: then the time it had for point to point
  double p2p_rate = 0;          // B/s: and the rate it sized chunks by
};

/// Words and events that every NIC has at the same address (allocated once for the whole machine).
struct NicLayout {
  explicit NicLayout(elan3::NicMemory& memory);
  /// The event the Strobe Receiver sets to wake the thread of microphase m.
  elan3::EventId wake(Microphase m) const;

  elan3::WordId phase;               // the microphase a node is told to run (written by each microstrobe)
  elan3::WordId done;                // the last microphase the node finished (the SS's Compare-And-Write target)
  elan3::EventId strobe;             // a microstrobe landed (the SR waits on it)
  elan3::EventId dem, msm, p2p;      // the SR wakes the BS, the BR, the DH
  elan3::EventId descriptors_landed; // a BS counts its DEM puts landing
  elan3::EventId bbm, reduce;        // the SR wakes the CH, the RH
  elan3::EventId partial;            // a reduce partial from a child NIC has arrived
  elan3::EventId collective_sent;    // a CH's or RH's multicast has reached every node
};

/// The Strobe Sender waiting, without polling, for every node's done word to reach a phase (lazy_polls.hpp).
struct DoneWatch {
  std::int64_t phase = 0;        // 0: nothing watched
  unsigned remaining = 0;        // nodes whose done word has not reached it
  std::function<void()> reached; // called when the last one does
};

struct Context {
  Context(core::CorePrimitives& core, const elan3::HostInterface& host, const RuntimeSpec& spec);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  core::Machine& machine() { return core.machine(); }
  elan3::NicMemory& memory() { return core.machine().memory; }
  Node& node(unsigned n) { return *nodes.at(n); }
  /// Node `n` has finished microphase `phase`: its done word, which every writer sets through here (DoneWatch).
  void write_done(unsigned n, std::int64_t phase);
  const Node& node(unsigned n) const { return *nodes.at(n); }

  core::CorePrimitives& core;
  const elan3::HostInterface& host;
  const RuntimeSpec& spec;
  const unsigned node_count;
  SliceClock clock;
  Progress progress;
  std::optional<Stall> stall; // set by the Strobe Sender when it gives up
  NicLayout layout;
  std::map<int, JobInfo> jobs; // by job number
  EmdsProbe emds;
  DoneWatch done_watch;
  std::vector<std::unique_ptr<Node>> nodes; // the compute nodes' threads, by node (built by the Runtime)
};

} // namespace bcssim::bcs::runtime
