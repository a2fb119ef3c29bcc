#include "models/elan3/pci_bus.hpp"

#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_CATEGORY(elan3_pci, "elan3.pci: PCI bus turnaround between read and write traffic");

namespace bcssim::elan3 {

PciBus::PciBus(simgrid::s4u::Link* bus, double one_way_capacity, double mixed_capacity)
    : bus_(bus), one_way_(one_way_capacity), mixed_(mixed_capacity)
{
}

void PciBus::begin(PciDirection d)
{
  (d == PciDirection::read ? reads_ : writes_)++;
  update();
}

void PciBus::end(PciDirection d)
{
  (d == PciDirection::read ? reads_ : writes_)--;
  update();
}

void PciBus::update()
{
  if (mixed() == applied_mixed_)
    return;
  applied_mixed_ = mixed();
  XBT_DEBUG("%s: %s", bus_->get_cname(), applied_mixed_ ? "mixed" : "one way");
  bus_->set_bandwidth(applied_mixed_ ? mixed_ : one_way_);
}

} // namespace bcssim::elan3
