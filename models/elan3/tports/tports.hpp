#pragma once
// Elan Tports (002 §2.3, 003 §3): Quadrics' tagged message passing, which Quadrics MPI is built on. Matching and
// protocol run on the NIC's thread processor; the host only posts descriptors. Endpoints are processes placed
// on nodes; each node's NIC has one Tports thread (an actor) that handles, in the order they reach it, messages
// coming in and receives being posted, so matching serializes on the NIC as it does on the Elan3. Items that reach
// it at the same instant are taken by explicit keys, not by the order SimGrid ran their actors in: posted receives
// first, then by endpoint, then by source, context and sequence (arrivals) or posting order (receives).
//   eager (bytes <= eager_limit, 4 KB): the data goes with the envelope into the destination's NIC memory;
//     below pio_limit (288 B) the host first copies it into its own NIC with programmed I/O (003 §2.1), else the
//     DMA reads it from main memory. On a match the NIC DMAs it to the receive buffer in main memory; without
//     one it stays buffered in NIC memory and is copied when the receive is posted (003 Table 1).
//   rendezvous (larger): only the envelope travels; on a match the destination NIC gets the data from the
//     sender's main memory with an RDMA get, and both sides complete when it has arrived.
// Matching (base/matching.hpp) walks the posted receives (or the unexpected messages), each entry costing
// walk_cycles on the thread processor and a longer list costing NIC cache misses (walk_cost.hpp): 003 Table 2's
// latency growth with the number of posted receives, and its bend once the list outgrows the cache (Table 3).
// With TportsSpec::folded (platform.fidelity = message) the same protocol runs as the message-level tier:
// one transfer per message, the thread's operations computed rather than run, the other stages folded into
// delays (folded_costs.hpp).
#include "base/matching.hpp"
#include "base/sequence_numbers.hpp"
#include "models/elan3/dma.hpp"
#include "models/elan3/host_interface.hpp"
#include "models/elan3/tports/folded_costs.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace bcssim::elan3::tports {

/// Defaults and sources: elan3::tports_params() (models/elan3/params.cpp).
struct TportsSpec {
  std::uint64_t eager_limit = 0; // B: larger messages use rendezvous
  std::uint64_t pio_limit = 0;   // B: smaller messages are copied into the NIC by the host
  double pio_bandwidth = 0;      // B/s of that host copy across PCI
  double message_cycles = 0;     // NIC thread cycles per message handled (arrival or posted receive)
  double walk_cycles = 0;        // NIC thread cycles per queue entry examined while matching
  double miss_cycles = 0;        // NIC thread cycles per cache miss of a walk (walk_cost.hpp)
  /// The message-level tier's delays (folded_costs.hpp); null: the stages are acted out (the default tier).
  std::shared_ptr<const FoldedCosts> folded;
};

/// Completion of a receive: its envelope (source, tag, size) and the simulated time it completes at (now, or
/// later in the message-level tier, whose folded delays complete a request ahead of time: folded_costs.hpp).
using Received = std::function<void(const base::Envelope&, double at)>;
/// Completion of a send: the simulated time its buffer is free (now, or later in the message-level tier).
using Sent = std::function<void(double at)>;

/// The calling process's own work for a send or a receive.
struct HostWork {
  /// Runs seconds of the process's CPU (empty: the calling actor computes on its host).
  std::function<void(double)> cpu;
  /// A coarser host (the MPI layer's choice): the call's library time `library_seconds`, the copy of a
  /// small message and the descriptor's post run as one stretch of `cpu`, the post at its cost on an idle PCI
  /// bus (HostInterface::post_seconds). Otherwise the caller has already spent its library time, and the post is
  /// a PIO stage and a transfer across the PCI bus of its own.
  bool post_on_cpu = false;
  double library_seconds = 0;
};

class Tports {
public:
  /// `node_of[e]` is the node of endpoint e. Starts one Tports thread per node that has an endpoint.
  Tports(DmaEngine& dma, const HostInterface& host, TportsSpec spec, std::vector<unsigned> node_of);

  /// Called by endpoint `src`'s process (an actor on its node's CPU host). Returns once the descriptor is posted
  /// (and a small message copied into the NIC); `sent` runs when the send buffer may be reused. `data` (may be
  /// null: size only) is copied now, so the caller may reuse it at once for eager messages. The host's own work
  /// (the copy of a small message, and with `host.post_on_cpu` the library time and the post) runs as `host`
  /// says.
  void send(int src, int dst, int tag, int context, std::uint64_t bytes, const void* data, Sent sent,
            const HostWork& host = {});
  /// Called by endpoint `ep`'s process: posts a receive; `received` runs once the data is in `buffer` (may be
  /// null: size only; at most `capacity` bytes are copied).
  void post_receive(int ep, const base::Pattern& pattern, void* buffer, std::uint64_t capacity, Received received,
                    const HostWork& host = {});
  /// The earliest unexpected message for `ep` matching `pattern`, if any (what MPI_Iprobe sees).
  std::optional<base::Envelope> probe(int ep, const base::Pattern& pattern) const;

  /// Runs whenever a message for `ep` is left unmatched in NIC memory (lets a blocking probe wait for it).
  void set_unexpected_hook(int ep, std::function<void()> hook) { unexpected_hooks_.at(ep) = std::move(hook); }

  unsigned node_of(int ep) const { return node_of_.at(ep); }
  /// Ends the Tports threads (the job is over), so that jobs run one after another do not accumulate them.
  void stop();

private:
  struct Message;
  struct Receive {
    void* buffer = nullptr;
    std::uint64_t capacity = 0;
    Received received;
  };
  struct Work { // an item for a node's Tports thread
    bool is_arrival;
    int endpoint;
    std::shared_ptr<Message> message; // arrival
    base::ReceiveId receive = 0;      // posted receive
    base::Pattern pattern;
    double enqueued = 0; // s: when it reached the thread
  };
  static bool taken_before(const Work& a, const Work& b);
  struct NodeThread {
    std::deque<Work> queue;
    simgrid::s4u::SemaphorePtr pending;
    simgrid::s4u::ActorPtr actor;
    double busy_until = 0; // s: the message-level tier's computed end of the thread's last operation
  };

  void enqueue(unsigned node, Work w);
  void thread_loop(unsigned node);
  void handle_arrival(int ep, const std::shared_ptr<Message>& m);
  void handle_post(int ep, base::ReceiveId id, const base::Pattern& pattern);
  /// `queued`: in the message-level tier, how long the NIC thread is still busy (thread_cycles), else 0.
  void complete(int ep, const std::shared_ptr<Message>& m, base::ReceiveId id, bool from_unexpected, double queued);
  /// The message-level tier's send, and its completion of a match (folded_costs.hpp).
  void send_folded(const std::shared_ptr<Message>& m, unsigned from, unsigned to, bool pio, Sent sent);
  void complete_folded(const std::shared_ptr<Message>& m, Receive r, unsigned node, bool from_unexpected,
                       double queued);
  Locality locality(unsigned a, unsigned b) const { return a == b ? Locality::within_node : Locality::between_nodes; }
  /// The NIC thread's cycles for one operation on `node`. In the stages they run on the NIC's core. In the
  /// message-level tier they are computed, not acted out: the thread is a server of one item at a time whose
  /// busy time is kept as a date; returns how long after now it finishes this item (0 in the stages).
  double thread_cycles(unsigned node, double cycles);
  /// The host's part of a call on `node`: `copy_seconds` of CPU (a small message's PIO copy), then the post.
  void host_part(unsigned node, double copy_seconds, const HostWork& host) const;

  DmaEngine& dma_;
  const HostInterface& host_;
  TportsSpec spec_;
  std::vector<unsigned> node_of_;
  std::vector<base::MatchingQueues> matching_; // by endpoint
  std::vector<NodeThread> threads_;            // by node
  std::map<base::ReceiveId, Receive> receives_;
  base::SequenceNumbers next_seq_;
  // Messages that arrived unmatched, by (endpoint, context, source, seq): their data waits in NIC memory.
  std::map<std::tuple<int, int, int, std::uint64_t>, std::shared_ptr<Message>> buffered_;
  base::ReceiveId next_receive_ = 1;
  std::vector<std::function<void()>> unexpected_hooks_; // by endpoint
};

} // namespace bcssim::elan3::tports
