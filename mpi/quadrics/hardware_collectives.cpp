#include "mpi/quadrics/hardware_collectives.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace bcssim::mpi::quadrics {
namespace sg4 = simgrid::s4u;

bool HardwareCollectives::usable(const bcssim::bcs::core::CorePrimitives& hw, const std::vector<unsigned>& node_of)
{
  if (!hw.hardware_collectives() || node_of.empty())
    return false;
  std::vector<unsigned> nodes = node_of;
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  return nodes.back() - nodes.front() + 1 == nodes.size();
}

HardwareCollectives::HardwareCollectives(bcssim::bcs::core::CorePrimitives& hw, const elan3::HostInterface& host,
                                         std::vector<unsigned> node_of)
    : hw_(hw), host_(host), node_of_(std::move(node_of))
{
  if (!usable(hw_, node_of_))
    throw std::invalid_argument("HardwareCollectives: needs hardware collectives and a contiguous node range");
  first_node_ = *std::min_element(node_of_.begin(), node_of_.end());
  last_node_ = *std::max_element(node_of_.begin(), node_of_.end());
  nodes_.resize(last_node_ - first_node_ + 1);
  for (NodeState& n : nodes_)
    n.released = sg4::Semaphore::create(0);
  for (unsigned node : node_of_)
    nodes_[node - first_node_].ranks++;
  arrived_word_ = hw_.machine().memory.new_word(0);
}

void HardwareCollectives::synchronise(int rank, int root, void* data, std::uint64_t bytes, std::int64_t call_index)
{
  const unsigned node = node_of_.at(rank);
  NodeState& state = nodes_[node - first_node_];
  host_.post_descriptor(node);
  if (rank == root) {
    // Only a program's real data is kept for the other ranks to copy. A size-only broadcast (a trace's replay passes
    // no buffer) carries nothing, so nothing of its size is allocated: a trace's `bcast 1000000000000` had made
    // this vector 1 TB (issue 67). The size still drives the multicast below.
    if (bytes > 0 && data != nullptr)
      payload_.assign(static_cast<const char*>(data), static_cast<const char*>(data) + bytes);
    else
      std::vector<char>().swap(payload_);
  }
  if (++state.arrived == state.ranks) {
    state.arrived = 0;
    hw_.machine().memory.word(node, arrived_word_) = call_index + 1;
    if (node == node_of_.at(root))
      start_root_thread(node, bytes, call_index + 1);
  }
  state.released->acquire();
  const double seen = state.landed_at + host_.spec().wake_cost;
  if (sg4::Engine::get_clock() < seen)
    sg4::this_actor::sleep_until(seen);
  if (rank != root && bytes > 0 && data != nullptr && payload_.size() == bytes) // the root gave data too
    std::memcpy(data, payload_.data(), bytes);
}

void HardwareCollectives::start_root_thread(unsigned root_node, std::uint64_t bytes, std::int64_t seq)
{
  const auto& platform = hw_.machine().platform;
  sg4::Actor::create("elan.hgsync", platform.nic(root_node), [this, root_node, bytes, seq] {
    const bcssim::bcs::core::NodeSet all = bcssim::bcs::core::NodeSet::range(first_node_, last_node_);
    bcssim::bcs::core::CompareAndWrite everyone_arrived;
    everyone_arrived.src = root_node;
    everyone_arrived.nodes = all;
    everyone_arrived.word = arrived_word_;
    everyone_arrived.op = bcssim::bcs::core::Compare::ge;
    everyone_arrived.value = seq;
    double backoff = first_backoff;
    while (!hw_.compare_and_write(everyone_arrived)) {
      sg4::this_actor::sleep_for(backoff);
      backoff *= 2;
    }
    bcssim::bcs::core::XferAndSignal go;
    go.src = root_node;
    // A broadcast moves the root's buffer into every process's buffer; a barrier's "go" is only a token.
    go.src_memory = bytes > 0 ? elan3::Memory::main : elan3::Memory::elan;
    go.dst = all;
    go.dst_memory = go.src_memory;
    go.bytes = bytes;
    go.deliver = [this](unsigned node) {
      NodeState& state = nodes_[node - first_node_];
      state.landed_at = sg4::Engine::get_clock();
      for (unsigned i = 0; i < state.ranks; ++i)
        state.released->release();
    };
    hw_.xfer_and_signal(go);
  });
}

} // namespace bcssim::mpi::quadrics
