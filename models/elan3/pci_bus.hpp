#pragma once
// A node's PCI bus as the Elan3 DMA engine sees it. Reads (host to NIC) and writes (NIC to host) each have a
// one-way rate, set on the platform's pci.read / pci.write links. When both directions are active the bus
// alternates between read and write bursts and pays the turnaround: its total capacity drops to the mixed rate
// (003 §2.2: "heavy contention for DMA and PCI by messages in both directions", 290 MiB/s one way but 128 MiB/s
// each way). No linear sharing of fixed links gives less in two directions than in one, so the shared pci.bus
// link is a SimGrid NONLINEAR link whose capacity callback reads the direction mix tracked here.
//   Why not set_bandwidth(): CM02 caps each new comm at the smallest bandwidth on its route *when it starts*, so
// a DMA that started while the bus was mixed kept the mixed rate as its own cap after the bus went back to one
// way, and two transfers that began and ended at one instant left a cap that depended on which ran first. The
// callback changes the bus's capacity only; the link's nominal bandwidth, which comms are capped by, stays the
// one-way rate.
#include <simgrid/forward.h>

namespace bcssim::elan3 {

enum class PciDirection { read, write };

class PciBus {
public:
  PciBus(simgrid::s4u::Link* bus, double one_way_capacity, double mixed_capacity);
  PciBus(const PciBus&) = delete; // the link's capacity callback points to it
  PciBus& operator=(const PciBus&) = delete;

  void begin(PciDirection d);
  void end(PciDirection d);
  bool mixed() const { return reads_ > 0 && writes_ > 0; }

private:
  void update();

  simgrid::s4u::Link* bus_;
  double one_way_;
  double mixed_;
  int reads_ = 0;
  int writes_ = 0;
  bool solver_mixed_ = false; // the mix the solver last saw
};

} // namespace bcssim::elan3
