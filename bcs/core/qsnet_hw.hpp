#pragma once
// The core primitives on QsNet hardware (002 §3.4: "a simple 1:1 mapping ... exposed by the Elan3Lib API"):
//   XFER-AND-SIGNAL   one node: an RDMA put; a contiguous range: one hardware multicast, retried by the NIC
//                     after a network error (nothing is delivered by a failed attempt); other sets: software tree.
//   COMPARE-AND-WRITE a contiguous range: the network conditional (global query) with the write in the same
//                     packet; other sets: software tree.
#include "bcs/core/software_tree.hpp"

namespace bcssim::bcs::core {

class QsNetHw : public CorePrimitives {
public:
  /// `fallback` serves non-contiguous sets.
  QsNetHw(Machine& machine, SoftwareTree& fallback) : CorePrimitives(machine), fallback_(fallback) {}

  std::string name() const override { return "qsnet_hw"; }
  bool hardware_collectives() const override { return true; }
  void xfer_and_signal(const XferAndSignal& x) override;
  bool compare_and_write(const CompareAndWrite& c) override;
  /// A multicast to a contiguous range (else false).
  bool xfer_and_signal_computed(const XferAndSignal& x, const elan3::ThreadSteps& steps,
                                std::function<void()> issued) override;
  /// A contiguous range (else false).
  bool compare_and_write_computed(const CompareAndWrite& c, const elan3::ThreadSteps& steps,
                                  std::function<void(bool)> answered) override;
  /// A contiguous range (else nullopt).
  std::optional<ComputedTimes> compare_and_write_times(const CompareAndWrite& c) const override;

private:
  /// A multicast of `x` to its contiguous range, its descriptor paid, started on a pooled DMA actor; `poster`
  /// orders it among multicasts posted from the same NIC at the same instant.
  void multicast(const XferAndSignal& x, std::string poster);
  /// Compare-And-Write's parts, shared by its two forms: the delay of each NIC's comparison, the condition each
  /// node's word is tested by, the write the answer carries (empty: none).
  double comparison_seconds() const;
  std::function<bool(unsigned)> condition(const CompareAndWrite& c) const;
  std::function<void(unsigned)> writer(const CompareAndWrite& c) const;

  SoftwareTree& fallback_;
};

} // namespace bcssim::bcs::core
