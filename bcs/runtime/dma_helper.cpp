// DH, the DMA Helper (000 §4.3, Fig. 4.5), on every node's NIC: in the point-to-point microphase it moves each
// chunk the Buffer Receiver scheduled into this node with an RDMA get from the sender's main memory (a copy
// through the NIC when both processes share the node). A transfer whose last chunk has arrived completes both
// descriptors; an unfinished one goes back to the front of the backlog for the next slice.
#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/runtime.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cstring>

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

namespace {

void complete(Descriptor& d, const base::Envelope& matched)
{
  d.complete = true;
  d.completed_at = sg4::Engine::get_clock();
  d.matched = matched;
  if (d.on_complete)
    d.on_complete(d);
}

} // namespace

void Runtime::dma_helper(unsigned node)
{
  auto& memory = core_.machine().memory;
  auto& dma = core_.machine().dma;
  NodeState& s = state_[node];
  for (;;) {
    core_.test_event(node, p2p_event_, true);
    const std::int64_t phase = memory.word(node, phase_word_);
    const std::vector<Transfer> work = std::move(s.scheduled);
    const std::vector<std::uint64_t> chunks = std::move(s.chunk);
    s.scheduled.clear();
    s.chunk.clear();
    auto arrived = sg4::Semaphore::create(0);
    std::uint64_t bytes = 0;
    const double started = sg4::Engine::get_clock();
    s.measured_gap = started - s.msm_end;
    for (std::size_t i = 0; i < work.size(); ++i) {
      elan3::run_cycles(core_.machine().costs.descriptor);
      const unsigned from = work[i].send->owner.node;
      const std::uint64_t chunk = chunks[i];
      bytes += chunk;
      dma.start_on_nic(node, "bcs.dh.get", [&dma, node, from, chunk, arrived] {
        if (chunk > 0) {
          if (from == node)
            dma.write_to_host(node, chunk);
          else
            dma.get({node, elan3::Memory::main}, {from, elan3::Memory::main}, chunk);
        }
        arrived->release();
      });
    }
    for (std::size_t i = 0; i < work.size(); ++i)
      arrived->acquire();
    const double took = sg4::Engine::get_clock() - started;
    if (bytes > 0 && took > 0)
      s.measured_rate = double(bytes) / took; // what the Buffer Receiver sizes the next slice's chunks by
    std::vector<Transfer> unfinished;
    for (std::size_t i = 0; i < work.size(); ++i) {
      Transfer t = work[i];
      t.offset += chunks[i];
      if (t.offset < t.send->envelope.bytes) {
        unfinished.push_back(t);
        continue;
      }
      const std::uint64_t n = std::min(t.send->envelope.bytes, t.recv->capacity);
      if (n > 0 && t.send->send_data != nullptr && t.recv->recv_buffer != nullptr)
        std::memcpy(t.recv->recv_buffer, t.send->send_data, n);
      base::trace::flow_end(t.send->flow, "received"); // its last chunk is in
      complete(*t.send, t.send->envelope);
      complete(*t.recv, t.send->envelope);
    }
    s.backlog.insert(s.backlog.begin(), unfinished.begin(), unfinished.end());
    activity_ += work.size();
    base::emit("bcs.p2p", bytes);
    finish_microphase(node, phase);
  }
}

} // namespace bcssim::bcs::runtime
