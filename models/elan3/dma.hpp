#pragma once
// The Elan3 DMA engine at Elan3lib level (002 §2.3.1): RDMA put and get of a block between the memories of any
// two nodes, and the hardware multicast put to a contiguous node range. An end in main memory crosses that
// node's PCI bus (PciBus tracks the direction mix); an end in Elan memory does not. Each DMA is its own
// activity: the engine interleaves the packets of concurrent DMAs, so they share links as the platform says.
#include "base/actor_pool.hpp"
#include "models/elan3/pci_bus.hpp"
#include "models/qsnet/multicast.hpp"
#include "models/qsnet/platform.hpp"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace bcssim::elan3 {

enum class Memory { elan, main };

struct Endpoint {
  unsigned node;
  Memory memory;
};

/// Defaults and sources: elan3::dma_params() (models/elan3/params.cpp).
struct DmaSpec {
  double startup; // s from the post until the data moves, completion notification included
};

class DmaEngine {
public:
  DmaEngine(const qsnet::Platform& platform, DmaSpec spec, qsnet::HardwareMulticast& multicast);

  /// RDMA put of `bytes` from src to dst; blocks the calling actor until the data has arrived.
  /// Throws std::invalid_argument if src and dst are the same memory of the same node.
  void put(Endpoint src, Endpoint dst, std::uint64_t bytes);
  /// The same without blocking: `arrived` runs (in a DMA actor on src's NIC) once the data is at dst.
  void put_async(Endpoint src, Endpoint dst, std::uint64_t bytes, std::function<void()> arrived);
  /// write_to_host without blocking: `done` runs (in an actor on the node's NIC named `name`) once written.
  void write_to_host_async(unsigned node, std::uint64_t bytes, const char* name, std::function<void()> done);
  /// get without blocking: `arrived` runs (in an actor on the local NIC named `name`) once the data is there.
  void get_async(Endpoint local, Endpoint remote, std::uint64_t bytes, const char* name, std::function<void()> arrived);
  /// The NIC's inputter writing `bytes` it holds into its own node's main memory (a matched message going to the
  /// user's buffer): a PCI write, no DMA start-up. Blocks the caller until done.
  void write_to_host(unsigned node, std::uint64_t bytes);
  /// The message-level tier's one transfer of a message (tports/folded_costs.hpp), without blocking: `bytes` from
  /// node `from`'s main memory to node `to`'s over the route between them, both PCI buses included (within a node:
  /// across its PCI bus once, to the NIC), with no DMA start-up. `arrived` runs (in an actor on `from`'s NIC named
  /// `name`) once the data is there.
  void move_async(unsigned from, unsigned to, std::uint64_t bytes, const char* name, std::function<void()> arrived);
  /// RDMA get: a request packet to the remote NIC, whose DMA engine puts the data back. Blocks until it arrived.
  void get(Endpoint local, Endpoint remote, std::uint64_t bytes);
  /// The message-level tier's get (BCS-MPI's DMA Helper): the request packet's flight and the remote DMA's start-up
  /// as one delay, their unloaded times (what `get` acts out when nothing else shares the request's route), then
  /// the data's transfer as `get` moves it. Blocks until it arrived.
  void get_folded(Endpoint local, Endpoint remote, std::uint64_t bytes);
  /// What `put` of `bytes` from src to dst takes alone on its route: the start-up, then the route's unloaded time
  /// (a closed form the message-level tier uses instead of acting the put out).
  double unloaded_put_seconds(Endpoint src, Endpoint dst, std::uint64_t bytes) const;
  /// The instant a put issued at `issued` lands, added up as the acted-out put's two sleeps add it (start-up, then
  /// the flight), so that both tiers give landings at one instant the same value and the same tie order.
  double unloaded_put_landing(double issued, Endpoint src, Endpoint dst, std::uint64_t bytes) const;
  /// Hardware multicast of `bytes` from src to the same memory kind on every node of [first, last]. Blocks
  /// until the combined ack; false on a network error (then no destination has the data).
  bool multicast(Endpoint src, unsigned first, unsigned last, Memory dst_memory, std::uint64_t bytes,
                 std::string poster = {});

  /// Runs `task` in an actor of its own on the node's NIC, named `name` (a reused one: base::ActorPool). For the
  /// NIC-side work of one operation that must not hold up its caller: a DMA in flight, a tree message.
  void start_on_nic(unsigned node, const char* name, std::function<void()> task);

  simgrid::s4u::Host* host_of(Endpoint e) const;
  const qsnet::Platform& platform() const { return platform_; }
  const DmaSpec& spec() const { return spec_; }
  const qsnet::HardwareMulticast& hardware_multicast() const { return multicast_; }

private:
  /// The data's transfer from src to dst, an end in main memory crossing its node's PCI bus (put's, without the
  /// start-up): blocks the caller until it has arrived.
  void move(Endpoint src, Endpoint dst, std::uint64_t bytes);

  const qsnet::Platform& platform_;
  DmaSpec spec_;
  qsnet::HardwareMulticast& multicast_;
  std::deque<PciBus> pci_;                 // by node; not a vector: each bus's callback points to it
  std::deque<base::ActorPool> nic_actors_; // by node: the actors of the asynchronous operations above
};

std::string to_string(Memory m);

} // namespace bcssim::elan3
