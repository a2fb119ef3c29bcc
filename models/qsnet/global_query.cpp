#include "models/qsnet/global_query.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(qsnet_global_query, qsnet,
                                "qsnet.global_query: network conditional (global query with combined replies)");

namespace bcssim::qsnet {

GlobalQuery::GlobalQuery(const HardwareMulticast& tree, double per_level) : tree_(tree), per_level_(per_level)
{
  if (per_level < 0)
    throw std::invalid_argument("GlobalQuery per_level: must be non-negative");
}

double GlobalQuery::one_way(unsigned src, unsigned first, unsigned last) const
{
  return tree_.tree_latency(src, first, last) + tree_.top_level(src, first, last) * per_level_;
}

bool GlobalQuery::query(unsigned src, unsigned first, unsigned last, const std::function<bool(unsigned)>& holds,
                        const std::function<void(unsigned)>& write) const
{
  const double way = one_way(src, first, last);
  base::emit("query.start", 0);
  const base::trace::Span span(write ? "global query + write" : "global query", "nic",
                               base::trace::enabled()
                                   ? base::trace::Args{base::trace::arg("src", src), base::trace::arg("first", first),
                                                       base::trace::arg("last", last)}
                                   : base::trace::Args{});
  simgrid::s4u::this_actor::sleep_for(way);
  bool all = true;
  for (unsigned node = first; node <= last && all; ++node)
    all = holds(node);
  simgrid::s4u::this_actor::sleep_for(way);
  if (all && write) { // the write rides the circuits the query packet still holds open: one more way down
    simgrid::s4u::this_actor::sleep_for(way);
    for (unsigned node = first; node <= last; ++node)
      write(node);
  }
  base::emit(all ? "query.true" : "query.false", 0);
  XBT_DEBUG("query from %u over [%u, %u]: %s", src, first, last, all ? "true" : "false");
  return all;
}

void GlobalQuery::query(unsigned src, unsigned first, unsigned last, std::function<bool(unsigned)> holds,
                        std::function<void(unsigned)> write, Steps steps, std::function<void(bool)> answered) const
{
  const double way = one_way(src, first, last);
  steps.emit("query.start");
  auto after = steps.after;
  after(way, [way, first, last, holds = std::move(holds), write = std::move(write), steps = std::move(steps),
              answered = std::move(answered)] {
    bool all = true;
    for (unsigned node = first; node <= last && all; ++node)
      all = holds(node);
    steps.after(way, [all, way, first, last, write, steps, answered] {
      auto answer = [all, emit = steps.emit, answered] {
        emit(all ? "query.true" : "query.false");
        answered(all);
      };
      if (!(all && write)) {
        answer();
        return;
      }
      steps.after(way, [first, last, write, answer] {
        for (unsigned node = first; node <= last; ++node)
          write(node);
        answer();
      });
    });
  });
}

} // namespace bcssim::qsnet
