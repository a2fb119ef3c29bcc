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
#include <simgrid/s4u/Host.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <cstring>
#include <memory>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(bcs_runtime_dma_helper, bcs_runtime,
                                "bcs.runtime.dma_helper: DMA Helpers (point-to-point data)");

namespace bcssim::bcs::runtime {
namespace sg4 = simgrid::s4u;

namespace {

// A get's request: one small network transaction from the local NIC to the remote one (models/elan3/dma.cpp).
constexpr std::uint64_t kGetRequestBytes = 64;

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

double DmaHelper::fixed_seconds(unsigned from, std::size_t index, bool moves_bytes) const
{
  const core::Machine& m = ctx_.machine();
  const qsnet::Platform& platform = m.platform;
  const double issued = double(index + 1) * m.costs.descriptor / platform.nic(node_)->get_speed();
  if (!moves_bytes)
    return issued;
  if (route_fixed_.empty())
    route_fixed_.assign(platform.nodes(), -1);
  double& route = route_fixed_.at(from);
  if (route < 0) {
    if (from == node_)
      route = platform.true_latency(platform.nic(node_), platform.cpu(node_));
    else // DmaEngine::get: the request's flight and the sender's DMA start-up (as get_folded sums them), then the
         // route's latency from the sender's memory
      route = m.dma.unloaded_put_seconds({node_, elan3::Memory::elan}, {from, elan3::Memory::elan}, kGetRequestBytes) +
              platform.true_latency(platform.cpu(from), platform.cpu(node_));
  }
  return issued + route;
}

void DmaHelper::run()
{
  for (;;) {
    ctx_.core.test_event(node_, ctx_.layout.p2p, true);
    const std::int64_t phase = ctx_.memory().word(node_, ctx_.layout.phase);
    move_plan();
    ctx_.node(node_).sr.finish(phase);
  }
}

PointToPointPlan DmaHelper::take_plan()
{
  PointToPointPlan plan = std::move(plan_);
  plan_ = PointToPointPlan{};
  gap_ = sg4::Engine::get_clock() - plan.msm_end;
  return plan;
}

void DmaHelper::start_chunk(const PointToPointPlan& plan, std::size_t i, std::function<void()> landed)
{
  auto& dma = ctx_.machine().dma;
  const unsigned from = plan.transfers[i].send->owner.node;
  const std::uint64_t chunk = plan.chunks[i];
  dma.start_on_nic(node_, "bcs.dh.get",
                   [&dma, node = node_, from, chunk, folded = ctx_.spec.folded, landed = std::move(landed)] {
                     if (chunk > 0) {
                       if (from == node)
                         dma.write_to_host(node, chunk);
                       else if (folded)
                         dma.get_folded({node, elan3::Memory::main}, {from, elan3::Memory::main}, chunk);
                       else
                         dma.get({node, elan3::Memory::main}, {from, elan3::Memory::main}, chunk);
                     }
                     landed();
                   });
}

std::uint64_t DmaHelper::moved(const PointToPointPlan& plan, double started)
{
  const std::vector<Transfer>& work = plan.transfers;
  std::uint64_t bytes = 0;
  for (std::uint64_t chunk : plan.chunks)
    bytes += chunk;
  const double took = sg4::Engine::get_clock() - started;
  // A chunk served as one packet (qsnet::SmallTransfers::packet) takes its route's unloaded time whatever else
  // loads the route: it says nothing of the rate the next, larger chunks will get.
  const bool fluid = std::any_of(plan.chunks.begin(), plan.chunks.end(), [&](std::uint64_t c) {
    return c > 0 && !ctx_.machine().platform.served_as_packet(double(c));
  });
  if (bytes > 0 && took > 0) { // what the Buffer Receiver sizes the next slice's chunks by
    const bool rate_limited = plan.full || sg4::Engine::get_clock() >= plan.deadline;
    if (rate_limited && fluid) {
      // The smallest rate that explains the time taken. None (every chunk ended before its fixed part's unloaded
      // estimate allows): the bytes were not what limited it, and the bound stands.
      const double bound = ctx_.spec.p2p_rate;
      double needed = 0;
      double after = 0; // bytes of chunk k and those after it
      for (std::size_t k = work.size(); k-- > 0;) {
        after += double(plan.chunks[k]);
        if (after > 0 && took > plan.starts[k])
          needed = std::max(needed, after / (took - plan.starts[k]));
      }
      rate_ = needed > 0 ? std::min(needed, bound) : bound;
    } else if (!rate_limited && rate_ > 0) { // a lower bound: it could have moved more
      rate_ = std::max(rate_, double(bytes) / took);
    }
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
  return bytes;
}

void DmaHelper::move_plan()
{
  const double started = sg4::Engine::get_clock();
  const PointToPointPlan plan = take_plan();
  // Released once, by the last chunk to land: the DH has nothing to do before then, and waking it for each
  // chunk cost a context switch per chunk (the same instants either way).
  auto arrived = sg4::Semaphore::create(0);
  auto to_land = std::make_shared<std::size_t>(plan.transfers.size());
  for (std::size_t i = 0; i < plan.transfers.size(); ++i) {
    elan3::run_cycles(ctx_.machine().costs.descriptor);
    start_chunk(plan, i, [arrived, to_land] {
      if (--*to_land == 0)
        arrived->release();
    });
  }
  if (!plan.transfers.empty())
    arrived->acquire();
  base::emit("bcs.p2p", moved(plan, started));
}

// One computed point-to-point microphase: move_plan() step by step, each chunk's descriptor called from the end of
// the operation before it; the end from the last chunk's landing.
class DmaHelper::ComputedPlan : public std::enable_shared_from_this<ComputedPlan> {
public:
  ComputedPlan(DmaHelper& dh, const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
      : dh_(dh), steps_(steps), started_(sg4::Engine::get_clock()), plan_(dh.take_plan()),
        to_land_(plan_.transfers.size()), then_(std::move(then))
  {
  }

  void issue()
  {
    if (next_ == plan_.transfers.size()) {
      if (plan_.transfers.empty())
        end();
      return; // the last chunk to land ends it
    }
    steps_.run(dh_.ctx_.machine().costs.descriptor, [self = shared_from_this()] {
      self->dh_.start_chunk(self->plan_, self->next_++, [self] {
        if (--self->to_land_ == 0)
          self->end();
      });
      self->issue();
    });
  }

private:
  void end()
  {
    steps_.emit("bcs.p2p", dh_.moved(plan_, started_));
    then_();
  }

  DmaHelper& dh_;
  const elan3::ThreadSteps& steps_;
  double started_;
  PointToPointPlan plan_;
  std::size_t next_ = 0;
  std::size_t to_land_;
  elan3::ThreadSteps::Then then_;
};

void DmaHelper::move_plan(const elan3::ThreadSteps& steps, elan3::ThreadSteps::Then then)
{
  std::make_shared<ComputedPlan>(*this, steps, std::move(then))->issue();
}

} // namespace bcssim::bcs::runtime
