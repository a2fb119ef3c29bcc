#pragma once
// The host side of the NIC: a process posts a descriptor into NIC memory with programmed I/O across PCI (a small
// PCI write plus a fixed PIO cost), and learns of a NIC event by the NIC writing a word to host memory that the
// process polls. Both cross the node's PCI bus as real transfers, so they feel its load.
#include "models/qsnet/platform.hpp"

#include <cstdint>
#include <vector>

namespace bcssim::elan3 {

/// Defaults and sources: elan3::host_interface_params() (models/elan3/params.cpp).
struct HostInterfaceSpec {
  double post_cost = 0; // s: PIO write of a descriptor, beyond its transfer
  std::uint64_t descriptor_bytes = 64;
  double wake_cost = 0; // s: from the NIC's event write to the polling process seeing it
};

class HostInterface {
public:
  HostInterface(const qsnet::Platform& platform, HostInterfaceSpec spec) : platform_(platform), spec_(spec) {}

  /// Called by a process (an actor on the node's CPU host): blocks until the descriptor is in NIC memory.
  void post_descriptor(unsigned node) const;
  /// What post_descriptor takes on an idle PCI bus, s: the PIO cost and the descriptor's transfer (for a coarser
  /// host that runs the post as CPU work of the calling process).
  double post_seconds(unsigned node) const;
  /// Records a post run as CPU work (the event post_descriptor emits), without simulating it.
  void note_post() const;
  /// Called by a NIC thread: blocks until the host process polling the node's notification word sees it.
  void notify_host(unsigned node) const;
  /// Called by a process: reads the Elan's 64-bit hardware clock across PCI (elan3_clock, 000 §5.2.1).
  void read_clock(unsigned node) const;
  const HostInterfaceSpec& spec() const { return spec_; }

private:
  const qsnet::Platform& platform_;
  HostInterfaceSpec spec_;
  mutable std::vector<double> post_seconds_; // by node, computed when first asked (the platform is sealed then)
};

} // namespace bcssim::elan3
