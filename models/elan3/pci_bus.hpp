#pragma once
// A node's PCI bus as the Elan3 DMA engine sees it. Reads (host to NIC) and writes (NIC to host) each have a
// one-way rate, set on the platform's pci.read / pci.write links. When both directions are active the bus
// alternates between read and write bursts and pays the turnaround: its total capacity drops to the mixed rate
// (003 §2.2: "heavy contention for DMA and PCI by messages in both directions", 290 MiB/s one way but 128 MiB/s
// each way). No linear sharing of fixed links gives less in two directions than in one, so the capacity of
// the shared pci.bus link is switched here as transfers start and end.
#include <simgrid/forward.h>

namespace bcssim::elan3 {

enum class PciDirection { read, write };

class PciBus {
public:
  PciBus(simgrid::s4u::Link* bus, double one_way_capacity, double mixed_capacity);

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
  bool applied_mixed_ = false;
};

} // namespace bcssim::elan3
