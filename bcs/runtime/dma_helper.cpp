// DH, the DMA Helper (000 §4.3, Fig. 4.5), on every node's NIC: in the point-to-point microphase it moves each
// chunk the Buffer Receiver scheduled into this node with an RDMA get from the sender's main memory (a copy
// through the NIC when both processes share the node). A transfer whose last chunk has arrived completes both
// descriptors; an unfinished one goes back to the front of the BR's backlog for the next slice.
#include "bcs/runtime/dma_helper.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "bcs/runtime/context.hpp"
#include "bcs/runtime/node.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <cstring>
#include <memory>

XBT_LOG_NEW_DEFAULT_CATEGORY(bcs_runtime_dma_helper, "bcs.runtime.dma_helper: DMA Helpers (point-to-point data)");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

namespace {

void complete(Context& ctx, Descriptor& d, const base::Envelope& matched)
{
  d.complete = true;
  d.completed_at = sg4::Engine::get_clock();
  d.matched = matched;
  if (d.on_complete)
    d.on_complete(d);
  ctx.node(d.owner.node).nm.operation_completed();
}

} // namespace

void DmaHelper::run()
{
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.p2p, true);
    const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
    move_plan();
    ctx_.node(node_).sr.finish(phase);
  }
}

void DmaHelper::move_plan()
{
  auto& dma = ctx_.machine().dma;
  const bool folded = ctx_.spec.folded;
  const PointToPointPlan plan = std::move(plan_);
  plan_ = PointToPointPlan{};
  const std::vector<Transfer>& work = plan.transfers;
  // Released once, by the last chunk to land: the DH has nothing to do before then, and waking it for each
  // chunk cost a context switch per chunk (the same instants either way).
  auto arrived = sg4::Semaphore::create(0);
  auto to_land = std::make_shared<std::size_t>(work.size());
  std::uint64_t bytes = 0;
  const double started = sg4::Engine::get_clock();
  gap_ = started - plan.msm_end;
  for (std::size_t i = 0; i < work.size(); ++i) {
    elan3::run_cycles(ctx_.machine().costs.descriptor);
    const unsigned from = work[i].send->owner.node;
    const std::uint64_t chunk = plan.chunks[i];
    bytes += chunk;
    dma.start_on_nic(node_, "bcs.dh.get", [&dma, node = node_, from, chunk, arrived, to_land, folded] {
      if (chunk > 0) {
        if (from == node)
          dma.write_to_host(node, chunk);
        else if (folded)
          dma.get_folded({node, elan3::Memory::main}, {from, elan3::Memory::main}, chunk);
        else
          dma.get({node, elan3::Memory::main}, {from, elan3::Memory::main}, chunk);
      }
      if (--*to_land == 0)
        arrived->release();
    });
  }
  if (!work.empty())
    arrived->acquire();
  const double took = sg4::Engine::get_clock() - started;
  if (bytes > 0 && took > 0) { // what the Buffer Receiver sizes the next slice's chunks by
    const double achieved = double(bytes) / took;
    const bool rate_limited = plan.full || sg4::Engine::get_clock() >= plan.deadline;
    if (rate_limited)
      rate_ = achieved;
    else if (rate_ > 0) // a lower bound: it could have moved more
      rate_ = std::max(rate_, achieved);
  }
  std::vector<Transfer> unfinished;
  for (std::size_t i = 0; i < work.size(); ++i) {
    Transfer t = work[i];
    t.offset += plan.chunks[i];
    if (t.offset < t.send->envelope.bytes) {
      unfinished.push_back(t);
      continue;
    }
    // A message larger than the receive (MPI_ERR_TRUNCATE) writes only its capacity; the receive completes with
    // the send's envelope, from which the MPI layer marks it truncated (mpi::Status::truncated).
    const std::uint64_t n = std::min(t.send->envelope.bytes, t.recv->capacity);
    if (n > 0 && t.send->send_data != nullptr && t.recv->recv_buffer != nullptr)
      std::memcpy(t.recv->recv_buffer, t.send->send_data, n);
    base::trace::flow_end(t.send->flow, "received"); // its last chunk is in
    complete(ctx_, *t.send, t.send->envelope);
    complete(ctx_, *t.recv, t.send->envelope);
  }
  ctx_.node(node_).br.requeue(unfinished);
  ctx_.progress.events += work.size();
  XBT_VERB("node %u: moved %llu B in %zu chunk(s), %zu unfinished", node_, static_cast<unsigned long long>(bytes),
            work.size(), unfinished.size());
  base::emit("bcs.p2p", bytes);
}

} // namespace bcssim::bcs::runtime
