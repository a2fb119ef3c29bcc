#include "bcs/core/software_tree.hpp"

#include "base/event_stream.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Semaphore.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_core_software_tree, bcs_core,
                                "bcs.core.software_tree: core primitives over a k-ary tree of point-to-point messages");

namespace bcssim::bcs::core {
namespace sg4 = simgrid::s4u;

// State shared by the actors of one pass over the tree (down: a broadcast; up: a combine).
struct SoftwareTree::Pass {
  std::vector<unsigned> nodes; // by position
  std::uint64_t bytes = 0;
  elan3::Memory root_memory = elan3::Memory::elan;
  elan3::Memory memory = elan3::Memory::elan;
  std::function<void(unsigned position)> at_node; // down: on arrival; up: the node's own contribution
  std::function<void()> done;                     // down: after the last arrival; up: at the root once all reported
  unsigned remaining = 0;                         // down: arrivals to come; up: unused
  std::vector<unsigned> waiting;                  // up: children still to report, by position
  bool all = true;                                // up: AND of the contributions
};

SoftwareTree::SoftwareTree(Machine& machine, SoftwareTreeSpec spec)
    : CorePrimitives(machine), spec_(spec), receive_busy_until_(machine.platform.nodes(), 0.0)
{
  if (spec_.fanout < 1)
    throw std::invalid_argument("SoftwareTreeSpec.fanout: must be at least 1");
  if (spec_.overhead < 0 || spec_.gap < 0 || spec_.latency < 0 || spec_.gap_per_byte < 0)
    throw std::invalid_argument("SoftwareTreeSpec: overhead, gap, latency and gap per byte must be non-negative");
}

double SoftwareTree::injection(std::uint64_t bytes) const
{
  if (spec_.transport != SoftwareTreeSpec::Transport::logp || bytes <= 1)
    return 0;
  return double(bytes - 1) * spec_.gap_per_byte;
}

std::vector<unsigned> SoftwareTree::participants(unsigned root, const NodeSet& set)
{
  std::vector<unsigned> p{root};
  for (unsigned n : set.nodes())
    if (n != root)
      p.push_back(n);
  return p;
}

void SoftwareTree::hop(unsigned from, unsigned to, std::uint64_t bytes, elan3::Memory from_memory,
                       elan3::Memory to_memory, std::function<void()> received)
{
  machine_.dma.start_on_nic(
      from, "tree.msg", [this, from, to, bytes, from_memory, to_memory, received = std::move(received)] {
        sg4::this_actor::sleep_for(spec_.overhead);
        if (spec_.transport == SoftwareTreeSpec::Transport::logp)
          sg4::this_actor::sleep_for(injection(bytes) + spec_.latency); // LogGP: the last byte leaves, then L
        else
          machine_.dma.put({from, from_memory}, {to, to_memory}, bytes);
        double& busy = receive_busy_until_[to];
        busy = std::max(sg4::Engine::get_clock(), busy) + spec_.overhead;
        sg4::this_actor::sleep_until(busy);
        machine_.dma.start_on_nic(to, "tree.node", received);
      });
}

void SoftwareTree::down(const std::shared_ptr<Pass>& pass, unsigned position)
{
  const unsigned k = spec_.fanout;
  const unsigned from = pass->nodes[position];
  const elan3::Memory from_memory = position == 0 ? pass->root_memory : pass->memory;
  for (unsigned c = k * position + 1; c <= k * position + k && c < pass->nodes.size(); ++c) {
    // One link per node: a send begins once the previous one's bytes have left (LogGP: max(g, (k-1)G) would be
    // the textbook bound; g + (k-1)G keeps the LogP tree's 8g + 4o + 2L for empty messages).
    sg4::this_actor::sleep_for(spec_.gap + (c > k * position + 1 ? injection(pass->bytes) : 0.0));
    hop(from, pass->nodes[c], pass->bytes, from_memory, pass->memory, [this, pass, c] {
      pass->at_node(c);
      if (--pass->remaining == 0 && pass->done)
        pass->done();
      down(pass, c);
    });
  }
}

void SoftwareTree::up(const std::shared_ptr<Pass>& pass, unsigned position)
{
  if (pass->waiting[position] > 0)
    return; // the last child to report continues from here
  if (position == 0) {
    pass->done();
    return;
  }
  const unsigned parent = (position - 1) / spec_.fanout;
  sg4::this_actor::sleep_for(spec_.gap);
  hop(pass->nodes[position], pass->nodes[parent], 8, pass->memory, pass->memory, [this, pass, parent] {
    --pass->waiting[parent];
    up(pass, parent);
  });
}

void SoftwareTree::xfer_and_signal(const XferAndSignal& x)
{
  elan3::run_cycles(machine_.costs.descriptor);
  base::emit("xfer.tree", x.bytes);
  auto pass = std::make_shared<Pass>();
  pass->nodes = participants(x.src, x.dst);
  pass->bytes = x.bytes;
  pass->root_memory = x.src_memory;
  pass->memory = x.dst_memory;
  pass->at_node = [this, pass_nodes = pass.get(), x](unsigned position) { land(x, pass_nodes->nodes[position]); };
  pass->remaining = unsigned(pass->nodes.size() - 1);
  pass->done = [this, x] { signal_source(x); };
  if (x.dst.contains(x.src)) // the root is a destination of its own data: a local copy
    land(x, x.src);
  if (pass->remaining == 0) {
    pass->done();
    return;
  }
  machine_.dma.start_on_nic(x.src, "tree.root", [this, pass] { down(pass, 0); });
}

void SoftwareTree::hop_and_wait(unsigned from, unsigned to)
{
  auto arrived = sg4::Semaphore::create(0);
  hop(from, to, 8, elan3::Memory::elan, elan3::Memory::elan, [arrived] { arrived->release(); });
  arrived->acquire();
}

bool SoftwareTree::compare_and_write(const CompareAndWrite& c)
{
  if (!c.write_word)
    return compare_and_write_from_root(c);
  const unsigned leader = c.nodes.first();
  if (sequencer_.empty())
    for (unsigned p = 0; p < machine_.platform.nodes(); ++p)
      sequencer_.push_back(sg4::Semaphore::create(1));
  if (leader != c.src)
    hop_and_wait(c.src, leader);
  sequencer_[leader]->acquire();
  CompareAndWrite at_leader = c;
  at_leader.src = leader;
  const bool all = compare_and_write_from_root(at_leader);
  sequencer_[leader]->release();
  if (leader != c.src)
    hop_and_wait(leader, c.src);
  return all;
}

bool SoftwareTree::compare_and_write_from_root(const CompareAndWrite& c)
{
  elan3::run_cycles(machine_.costs.descriptor);
  base::emit("caw.tree", 0);
  elan3::NicMemory& memory = machine_.memory;
  const double compare_cycles = machine_.costs.compare;
  auto answered = sg4::Semaphore::create(0);

  // Pass 1 (down): the request; pass 2 (up): each node compares its word and the replies are AND-combined.
  auto reply = std::make_shared<Pass>();
  reply->nodes = participants(c.src, c.nodes);
  reply->waiting.assign(reply->nodes.size(), 0);
  for (unsigned pos = 1; pos < reply->nodes.size(); ++pos)
    ++reply->waiting[(pos - 1) / spec_.fanout];
  reply->done = [answered] { answered->release(); };
  auto contribute = [this, reply, &memory, c, compare_cycles](unsigned position) {
    const unsigned node = reply->nodes[position];
    if (c.nodes.contains(node)) {
      elan3::run_cycles(compare_cycles);
      reply->all = reply->all && holds(memory.word(node, c.word), c.op, c.value);
    }
    up(reply, position);
  };

  auto request = std::make_shared<Pass>();
  request->nodes = reply->nodes;
  request->bytes = 8;
  request->remaining = unsigned(request->nodes.size() - 1);
  request->at_node = contribute;
  if (request->remaining == 0)
    contribute(0);
  else {
    // The root contributes once its own sends are done; its reply waits for its children anyway.
    machine_.dma.start_on_nic(c.src, "tree.root", [this, request, contribute] {
      down(request, 0);
      contribute(0);
    });
  }
  answered->acquire();
  const bool all = reply->all;

  if (all && c.write_word) {
    auto written = sg4::Semaphore::create(0);
    const elan3::WordId word = *c.write_word;
    const std::int64_t value = c.write_value;
    auto write_pass = std::make_shared<Pass>();
    write_pass->nodes = participants(c.src, c.nodes);
    write_pass->bytes = 8;
    write_pass->at_node = [wp = write_pass.get(), &memory, word, value](unsigned position) {
      memory.word(wp->nodes[position], word) = value;
    };
    write_pass->remaining = unsigned(write_pass->nodes.size() - 1);
    write_pass->done = [written] { written->release(); };
    if (c.nodes.contains(c.src))
      memory.word(c.src, word) = value;
    if (write_pass->remaining == 0)
      written->release();
    else
      machine_.dma.start_on_nic(c.src, "tree.root", [this, write_pass] { down(write_pass, 0); });
    written->acquire();
  }
  base::emit(all ? "caw.true" : "caw.false", 0);
  XBT_DEBUG("compare-and-write from %u over %s: %s", c.src, c.nodes.describe().c_str(), all ? "true" : "false");
  return all;
}

} // namespace bcssim::bcs::core
