#include "models/elan3/pci_bus.hpp"

#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(elan3_pci_bus, elan3,
                                "elan3.pci_bus: PCI bus turnaround between read and write traffic");

namespace bcssim::elan3 {

PciBus::PciBus(simgrid::s4u::Link* bus, double one_way_capacity, double mixed_capacity)
    : bus_(bus), one_way_(one_way_capacity), mixed_(mixed_capacity)
{
  bus_->set_bandwidth(one_way_);
  bus_->set_sharing_policy(simgrid::s4u::Link::SharingPolicy::NONLINEAR,
                           [this](double, int) { return mixed() ? mixed_ : one_way_; });
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
  if (mixed() == solver_mixed_)
    return;
  solver_mixed_ = mixed();
  XBT_DEBUG("%s: %s", bus_->get_cname(), solver_mixed_ ? "mixed" : "one way");
  // The same nominal bandwidth: this only marks the bus modified, so the solver calls the callback again (a
  // multicast's destinations change their mix without a flow of their own starting or ending on the bus).
  bus_->set_bandwidth(one_way_);
}

} // namespace bcssim::elan3
