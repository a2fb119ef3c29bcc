#include "bcs/runtime/context.hpp"

#include "bcs/runtime/node.hpp"

#include <utility>

namespace bcssim::bcs::runtime {

// Allocation order fixes the ids; it is kept as it was when the runtime was one class (ids are not results, but
// keeping them keeps every trace identical).
NicLayout::NicLayout(elan3::NicMemory& memory)
    : phase(memory.new_word(0)), done(memory.new_word(0)), strobe(memory.new_event()), dem(memory.new_event()),
      msm(memory.new_event()), p2p(memory.new_event()), descriptors_landed(memory.new_event()), bbm(memory.new_event()),
      reduce(memory.new_event()), partial(memory.new_event()), collective_sent(memory.new_event())
{
}

elan3::EventId NicLayout::wake(Microphase m) const
{
  switch (m) {
    case Microphase::dem:
      return dem;
    case Microphase::msm:
      return msm;
    case Microphase::p2p:
      return p2p;
    case Microphase::bbm:
      return bbm;
    case Microphase::reduce:
      return reduce;
  }
  return reduce;
}

void Context::write_done(unsigned n, std::int64_t phase)
{
  std::int64_t& word = memory().word(n, layout.done);
  const bool reaches = done_watch.phase != 0 && word < done_watch.phase && phase >= done_watch.phase;
  word = phase;
  if (reaches && --done_watch.remaining == 0) {
    const auto reached = std::move(done_watch.reached);
    done_watch = DoneWatch{};
    reached();
  }
}

Context::Context(core::CorePrimitives& core_primitives, const elan3::HostInterface& host_interface,
                 const RuntimeSpec& runtime_spec)
    : core(core_primitives), host(host_interface), spec(runtime_spec),
      node_count(core_primitives.machine().platform.nodes()), layout(core_primitives.machine().memory),
      emds(runtime_spec.emds, node_count)
{
}

Context::~Context() = default;

} // namespace bcssim::bcs::runtime
