#include "bcs/core/primitives.hpp"

#include "base/event_stream.hpp"

namespace bcssim::bcs::core {

bool holds(std::int64_t lhs, Compare op, std::int64_t rhs)
{
  switch (op) {
    case Compare::ge:
      return lhs >= rhs;
    case Compare::lt:
      return lhs < rhs;
    case Compare::eq:
      return lhs == rhs;
    case Compare::ne:
      return lhs != rhs;
  }
  return false;
}

std::string to_string(Compare op)
{
  switch (op) {
    case Compare::ge:
      return ">=";
    case Compare::lt:
      return "<";
    case Compare::eq:
      return "=";
    case Compare::ne:
      return "!=";
  }
  return "?";
}

void CorePrimitives::land(const XferAndSignal& x, unsigned node)
{
  if (x.deliver)
    x.deliver(node);
  if (x.remote_event)
    machine_.memory.event(node, *x.remote_event).set();
}

void CorePrimitives::signal_source(const XferAndSignal& x)
{
  if (x.local_event)
    machine_.memory.event(x.src, *x.local_event).set();
}

bool CorePrimitives::test_event(unsigned node, elan3::EventId event, bool block)
{
  elan3::run_cycles(machine_.costs.event);
  elan3::Event& e = machine_.memory.event(node, event);
  if (!block)
    return e.poll();
  e.wait();
  return true;
}

} // namespace bcssim::bcs::core
