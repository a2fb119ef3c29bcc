#include "bcs/core/qsnet_hw.hpp"

#include "base/actor_pool.hpp"
#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_core_qsnet_hw, bcs_core,
                                "bcs.core.qsnet_hw: core primitives on QsNet multicast and global query");

namespace bcssim::bcs::core {
namespace sg4 = simgrid::s4u;

void QsNetHw::xfer_and_signal(const XferAndSignal& x)
{
  const bool single = x.dst.size() == 1 && x.dst.first() != x.src;
  if (!single && !x.dst.contiguous()) {
    fallback_.xfer_and_signal(x);
    return;
  }
  elan3::run_cycles(machine_.costs.descriptor);
  if (single) {
    machine_.dma.put_async({x.src, x.src_memory}, {x.dst.first(), x.dst_memory}, x.bytes, [this, x] {
      land(x, x.dst.first());
      signal_source(x);
    });
    return;
  }
  // The thread that posts it orders it among multicasts posted from the same NIC at the same instant.
  const sg4::Actor* self = sg4::Actor::self();
  multicast(x, self != nullptr ? std::string(base::actor_name(*self)) : std::string("maestro"));
}

void QsNetHw::multicast(const XferAndSignal& x, std::string poster)
{
  machine_.dma.start_on_nic(x.src, "xfer.mcast", [this, x, poster = std::move(poster)] {
    // Delivery is atomic (002 §2.4.2.1): a failed attempt leaves every destination untouched; the NIC resends.
    while (!machine_.dma.multicast({x.src, x.src_memory}, x.dst.first(), x.dst.last(), x.dst_memory, x.bytes, poster)) {
      base::emit("xfer.retry", x.bytes);
      XBT_INFO("multicast from %u to %s met a network error: sent again", x.src, x.dst.describe().c_str());
    }
    for (unsigned node : x.dst.nodes())
      land(x, node);
    signal_source(x);
  });
}

bool QsNetHw::xfer_and_signal_computed(const XferAndSignal& x, const elan3::ThreadSteps& steps,
                                       std::function<void()> issued)
{
  const bool single = x.dst.size() == 1 && x.dst.first() != x.src;
  if (single || !x.dst.contiguous())
    return false;
  steps.run(machine_.costs.descriptor, [this, x, &steps, issued = std::move(issued)] {
    multicast(x, steps.thread());
    issued();
  });
  return true;
}

std::optional<CorePrimitives::ComputedTimes> QsNetHw::compare_and_write_times(const CompareAndWrite& c) const
{
  if (!c.nodes.contiguous())
    return std::nullopt;
  return ComputedTimes{machine_.costs.descriptor, comparison_seconds(),
                       machine_.query.one_way(c.src, c.nodes.first(), c.nodes.last())};
}

bool QsNetHw::compare_and_write(const CompareAndWrite& c)
{
  if (!c.nodes.contiguous())
    return fallback_.compare_and_write(c);
  elan3::run_cycles(machine_.costs.descriptor);
  sg4::this_actor::sleep_for(comparison_seconds());
  return machine_.query.query(c.src, c.nodes.first(), c.nodes.last(), condition(c), writer(c));
}

double QsNetHw::comparison_seconds() const
{
  // Each node's NIC compares its own word as the query passes; that costs it cycles, in parallel on every
  // node, so the combined answer is late by one comparison.
  return machine_.costs.compare / machine_.platform.spec().node.nic_clock;
}

std::function<bool(unsigned)> QsNetHw::condition(const CompareAndWrite& c) const
{
  return [&memory = machine_.memory, word = c.word, op = c.op, value = c.value](unsigned node) {
    return holds(memory.word(node, word), op, value);
  };
}

std::function<void(unsigned)> QsNetHw::writer(const CompareAndWrite& c) const
{
  if (!c.write_word)
    return {};
  return [&memory = machine_.memory, word = *c.write_word, value = c.write_value](unsigned node) {
    memory.word(node, word) = value;
  };
}

bool QsNetHw::compare_and_write_computed(const CompareAndWrite& c, const elan3::ThreadSteps& steps,
                                         std::function<void(bool)> answered)
{
  if (!c.nodes.contiguous())
    return false;
  steps.run(machine_.costs.descriptor, [this, c, &steps, answered = std::move(answered)] {
    steps.after(comparison_seconds(), [this, c, &steps, answered] { // then the query, as compare_and_write
      machine_.query.query(c.src, c.nodes.first(), c.nodes.last(), condition(c), writer(c),
                           qsnet::GlobalQuery::Steps{[&steps](double seconds, std::function<void()> then) {
                                                       steps.after(seconds, std::move(then));
                                                     },
                                                     [&steps](std::string_view what) { steps.emit(what, 0); }},
                           answered);
    });
  });
  return true;
}

} // namespace bcssim::bcs::core
