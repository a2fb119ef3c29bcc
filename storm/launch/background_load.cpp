#include "storm/launch/background_load.hpp"

#include "base/rng.hpp"

#include <simgrid/s4u/Host.hpp>

namespace bcssim::storm::launch {
namespace sg4 = simgrid::s4u;

BackgroundLoad::BackgroundLoad(const qsnet::Platform& platform, elan3::DmaEngine& dma, const LaunchSpec& spec,
                               unsigned nodes, unsigned pes, std::uint64_t seed)
    : platform_(platform), dma_(dma), spec_(spec), nodes_(nodes), pes_(pes), seed_(seed)
{
}

void BackgroundLoad::start(const std::vector<FileHelper*>& helpers)
{
  if (spec_.load == Load::cpu) {
    for (unsigned n = 0; n < nodes_; ++n) {
      base::Rng rng = base::Rng::stream(seed_, n);
      helpers.at(n)->set_busy_node(spec_.os_quantum, rng.uniform() * spec_.os_quantum);
      for (unsigned pe = 0; pe < pes_; ++pe)
        actors_.push_back(sg4::Actor::create("storm.load.spin", platform_.cpu(n), [this, n] { spin(n); }));
    }
  } else if (spec_.load == Load::network) {
    for (unsigned n = 0; n < nodes_; ++n) {
      const unsigned partner = n ^ 1u;
      if (partner >= nodes_ || partner < n)
        continue; // an odd node out has no pair; a pair is driven from its lower node
      for (unsigned pe = 0; pe < pes_; ++pe)
        actors_.push_back(
            sg4::Actor::create("storm.load.pingpong", platform_.nic(n), [this, n, partner] { ping_pong(n, partner); }));
    }
  }
  for (const sg4::ActorPtr& a : actors_)
    a->daemonize();
}

void BackgroundLoad::stop()
{
  for (const sg4::ActorPtr& a : actors_)
    a->kill();
  actors_.clear();
}

void BackgroundLoad::spin(unsigned node)
{
  for (;;) // a second of PE time at a time: the share it gets is what matters, not where an exec ends
    sg4::this_actor::execute(platform_.cpu(node)->get_speed());
}

// The two processes of a pair (the same PE of nodes n and n xor 1) put a long message into each other's memory in
// turn: one message in flight per pair, alternating directions.
void BackgroundLoad::ping_pong(unsigned node, unsigned partner)
{
  for (;;) {
    dma_.put({node, elan3::Memory::main}, {partner, elan3::Memory::main}, spec_.load_message_bytes);
    dma_.put({partner, elan3::Memory::main}, {node, elan3::Memory::main}, spec_.load_message_bytes);
  }
}

} // namespace bcssim::storm::launch
