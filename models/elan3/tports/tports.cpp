#include "models/elan3/tports/tports.hpp"

#include "base/event_stream.hpp"
#include "base/trace.hpp"
#include "models/elan3/thread_processor.hpp"
#include "models/elan3/tports/walk_cost.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace bcssim::elan3::tports {
namespace sg4 = simgrid::s4u;

struct Tports::Message {
  base::Envelope envelope;
  int destination = 0;
  bool eager = true;
  std::vector<char> payload;         // eager with real data: copied at send time
  const void* sender_data = nullptr; // rendezvous with real data: read when the get completes
  Sent sent;                         // rendezvous: the sender's buffer is free once the get is done
  std::uint64_t flow = 0;            // the trace's arrow from the send to the match (0: no trace)
};

namespace {
// The calling process keeps its CPU busy for `seconds` (it shares the node's PEs with the other processes).
void busy(double seconds)
{
  if (seconds > 0)
    sg4::this_actor::execute(seconds * sg4::this_actor::get_host()->get_speed());
}
} // namespace

Tports::Tports(DmaEngine& dma, const HostInterface& host, TportsSpec spec, std::vector<unsigned> node_of)
    : dma_(dma), host_(host), spec_(spec), node_of_(std::move(node_of)), matching_(node_of_.size()),
      unexpected_hooks_(node_of_.size())
{
  if (spec_.pio_bandwidth <= 0)
    throw std::invalid_argument("TportsSpec.pio_bandwidth: must be positive");
  if (spec_.message_cycles < 0 || spec_.walk_cycles < 0 || spec_.miss_cycles < 0)
    throw std::invalid_argument("TportsSpec: cycle costs must be non-negative");
  const unsigned nodes = dma.platform().nodes();
  threads_.resize(nodes);
  std::vector<bool> used(nodes, false);
  for (unsigned n : node_of_) {
    if (n >= nodes)
      throw std::invalid_argument("Tports: endpoint on node " + std::to_string(n) + ", the machine has " +
                                  std::to_string(nodes));
    used[n] = true;
  }
  for (unsigned n = 0; n < nodes; ++n)
    if (used[n]) {
      threads_[n].pending = sg4::Semaphore::create(0);
      threads_[n].actor = sg4::Actor::create("tports", dma.platform().nic(n), [this, n] { thread_loop(n); });
      threads_[n].actor->daemonize();
    }
}

void Tports::stop()
{
  for (NodeThread& t : threads_)
    if (t.actor) {
      t.actor->kill();
      t.actor = nullptr;
    }
}

void Tports::enqueue(unsigned node, Work w)
{
  w.enqueued = sg4::Engine::get_clock();
  threads_[node].queue.push_back(std::move(w));
  threads_[node].pending->release();
}

bool Tports::taken_before(const Work& a, const Work& b)
{
  auto key = [](const Work& w) {
    // Within one endpoint, receive ids follow its own posting order; an arrival's (source, context, seq) is unique.
    const base::Envelope* e = w.is_arrival ? &w.message->envelope : nullptr;
    return std::make_tuple(w.enqueued, w.is_arrival, w.endpoint, e ? e->source : 0, e ? e->context : 0,
                           e ? e->seq : std::uint64_t(w.receive));
  };
  return key(a) < key(b);
}

void Tports::thread_loop(unsigned node)
{
  NodeThread& t = threads_[node];
  for (;;) {
    t.pending->acquire();
    auto next = std::min_element(t.queue.begin(), t.queue.end(), taken_before);
    Work w = std::move(*next);
    t.queue.erase(next);
    if (w.is_arrival)
      handle_arrival(w.endpoint, w.message);
    else
      handle_post(w.endpoint, w.receive, w.pattern);
  }
}

void Tports::send(int src, int dst, int tag, int context, std::uint64_t bytes, const void* data, Sent sent,
                  const HostWork& host)
{
  auto m = std::make_shared<Message>();
  m->envelope = base::Envelope{src, tag, context, next_seq_.take(src, dst, context), bytes};
  m->destination = dst;
  m->eager = bytes <= spec_.eager_limit;
  m->flow = base::trace::new_flow();
  base::trace::flow_start(m->flow, "send");
  if (m->eager && data != nullptr)
    m->payload.assign(static_cast<const char*>(data), static_cast<const char*>(data) + bytes);
  if (!m->eager) {
    m->sender_data = data;
    m->sent = std::move(sent);
  }
  const unsigned from = node_of(src);
  const unsigned to = node_of(dst);
  base::emit(m->eager ? "tports.eager" : "tports.rendezvous", bytes);

  const bool pio = m->eager && bytes < spec_.pio_limit;
  // 003 §2.1: messages under 288 B are first copied into the NIC by the host
  host_part(from, pio && bytes > 0 ? double(bytes) / spec_.pio_bandwidth : 0, host);
  if (spec_.folded)
    return send_folded(m, from, to, pio, std::move(sent));
  auto arrived = [this, to, m] { enqueue(to, Work{true, m->destination, m, 0, {}}); };
  if (!m->eager) { // the envelope alone, from the NIC
    if (from == to)
      arrived();
    else
      dma_.put_async({from, Memory::elan}, {to, Memory::elan}, 64, arrived);
    return;
  }
  if (pio) {
    if (sent)
      sent(sg4::Engine::get_clock()); // the data is in the NIC: the user buffer is free
    if (from == to)
      arrived();
    else
      dma_.put_async({from, Memory::elan}, {to, Memory::elan}, bytes, arrived);
    return;
  }
  dma_.put_async({from, Memory::main}, {to, Memory::elan}, bytes, [arrived, sent = std::move(sent)] {
    if (sent)
      sent(sg4::Engine::get_clock());
    arrived();
  });
}

void Tports::send_folded(const std::shared_ptr<Message>& m, unsigned from, unsigned to, bool pio, Sent sent)
{
  const FoldedCosts::Curves& c = spec_.folded->of(locality(from, to));
  const std::uint64_t bytes = m->envelope.bytes;
  auto arrived = [this, m] { enqueue(node_of(m->destination), Work{true, m->destination, m, 0, {}}); };
  if (!m->eager) { // the envelope can match once its folded delay has passed; the data moves on the match
    const double delay = c.rendezvous_envelope.at(bytes);
    if (delay <= 0)
      return arrived();
    return dma_.start_on_nic(from, "tports.envelope", [delay, arrived] {
      sg4::this_actor::sleep_for(delay);
      arrived();
    });
  }
  if (pio && sent)
    sent(sg4::Engine::get_clock()); // as in the stages: the data was copied into the NIC
  const double done = pio ? 0 : c.send_done.at(bytes);
  dma_.move_async(from, to, bytes, "tports.move", [arrived, done, pio, sent = std::move(sent)] {
    if (!pio && sent)
      sent(sg4::Engine::get_clock() + done);
    arrived();
  });
}

double Tports::thread_cycles(unsigned node, double cycles)
{
  if (!spec_.folded) {
    run_cycles(cycles);
    return 0;
  }
  // Queued behind the operations still running (003 Table 2's list walks included), then its own cycles.
  const double now = sg4::Engine::get_clock();
  double& busy = threads_.at(node).busy_until;
  busy = std::max(busy, now) + cycles / dma_.platform().nic(node)->get_speed();
  return busy - now;
}

void Tports::host_part(unsigned node, double copy_seconds, const HostWork& host) const
{
  auto cpu = [&host](double seconds) {
    if (host.cpu)
      host.cpu(seconds);
    else
      busy(seconds);
  };
  if (host.post_on_cpu) {
    host_.note_post();
    cpu(host.library_seconds + copy_seconds + host_.post_seconds(node));
    return;
  }
  if (copy_seconds > 0)
    cpu(copy_seconds);
  host_.post_descriptor(node);
}

void Tports::post_receive(int ep, const base::Pattern& pattern, void* buffer, std::uint64_t capacity, Received received,
                          const HostWork& host)
{
  const base::ReceiveId id = next_receive_++;
  receives_[id] = Receive{buffer, capacity, std::move(received)};
  host_part(node_of(ep), 0, host);
  enqueue(node_of(ep), Work{false, ep, nullptr, id, pattern});
}

std::optional<base::Envelope> Tports::probe(int ep, const base::Pattern& pattern) const
{
  return matching_.at(ep).probe(pattern);
}

void Tports::handle_arrival(int ep, const std::shared_ptr<Message>& m)
{
  const base::Envelope& e = m->envelope;
  const base::trace::Span span("match arrival", "tports");
  base::trace::flow_end(m->flow, "arrived"); // the message (eager) or its envelope (rendezvous) is on this NIC
  buffered_[std::make_tuple(ep, e.context, e.source, e.seq)] = m;
  unsigned walked = 0;
  const auto matches = matching_[ep].arrive(e, &walked);
  const double queued =
      thread_cycles(node_of(ep), spec_.message_cycles + walk_cycles(walked, spec_.walk_cycles, spec_.miss_cycles));
  if (matches.empty() && unexpected_hooks_[ep])
    unexpected_hooks_[ep]();
  for (const base::Match& match : matches) {
    const auto key = std::make_tuple(ep, match.envelope.context, match.envelope.source, match.envelope.seq);
    auto it = buffered_.find(key);
    std::shared_ptr<Message> matched = it->second;
    buffered_.erase(it);
    complete(ep, matched, match.receive, false, queued);
  }
}

void Tports::handle_post(int ep, base::ReceiveId id, const base::Pattern& pattern)
{
  const base::trace::Span span("match receive", "tports");
  unsigned walked = 0;
  const auto e = matching_[ep].post(id, pattern, &walked);
  const double queued =
      thread_cycles(node_of(ep), spec_.message_cycles + walk_cycles(walked, spec_.walk_cycles, spec_.miss_cycles));
  if (!e)
    return;
  auto it = buffered_.find(std::make_tuple(ep, e->context, e->source, e->seq));
  std::shared_ptr<Message> m = it->second;
  buffered_.erase(it);
  complete(ep, m, id, true, queued);
}

void Tports::complete(int ep, const std::shared_ptr<Message>& m, base::ReceiveId id, bool from_unexpected,
                      double queued)
{
  auto rit = receives_.find(id);
  Receive r = std::move(rit->second);
  receives_.erase(rit);
  const unsigned node = node_of(ep);
  if (from_unexpected)
    base::emit("tports.unexpected", m->envelope.bytes);
  if (spec_.folded)
    return complete_folded(m, std::move(r), node, from_unexpected, queued);
  // A message larger than the receive (MPI_ERR_TRUNCATE) writes only `capacity` bytes; the envelope keeps its
  // size, from which the MPI layer marks the receive truncated (mpi::Status::truncated).
  if (m->eager) { // the data is in this NIC: the inputter writes it to the user's buffer
    dma_.write_to_host_async(node, m->envelope.bytes, "tports.deliver", [m, r] {
      if (r.buffer != nullptr && !m->payload.empty())
        std::memcpy(r.buffer, m->payload.data(), std::min<std::uint64_t>(r.capacity, m->payload.size()));
      r.received(m->envelope, sg4::Engine::get_clock());
    });
    return;
  }
  auto got = [m, r] {
    if (r.buffer != nullptr && m->sender_data != nullptr)
      std::memcpy(r.buffer, m->sender_data, std::min<std::uint64_t>(r.capacity, m->envelope.bytes));
    const double now = sg4::Engine::get_clock();
    if (m->sent)
      m->sent(now);
    r.received(m->envelope, now);
  };
  const unsigned from = node_of(m->envelope.source);
  if (from == node) // same node: a copy through the NIC
    dma_.write_to_host_async(node, m->envelope.bytes, "tports.get", std::move(got));
  else
    dma_.get_async({node, Memory::main}, {from, Memory::main}, m->envelope.bytes, "tports.get", std::move(got));
}

void Tports::complete_folded(const std::shared_ptr<Message>& m, Receive r, unsigned node, bool from_unexpected,
                             double queued)
{
  const std::uint64_t bytes = m->envelope.bytes;
  const unsigned from = node_of(m->envelope.source);
  const FoldedCosts::Curves& c = spec_.folded->of(locality(from, node));
  if (m->eager) { // the data is here (in the receiver's memory, for this tier): only the folded delay remains
    const double at = sg4::Engine::get_clock() + queued + (from_unexpected ? c.eager_late : c.eager_posted).at(bytes);
    if (r.buffer != nullptr && !m->payload.empty())
      std::memcpy(r.buffer, m->payload.data(), std::min<std::uint64_t>(r.capacity, m->payload.size()));
    r.received(m->envelope, at);
    return;
  }
  // (The data moves at once; the thread's queueing delays only the completions: a coarser order.)
  dma_.move_async(from, node, bytes, "tports.move", [m, r, queued, curves = &c] { // (the curves outlive messages)
    if (r.buffer != nullptr && m->sender_data != nullptr)
      std::memcpy(r.buffer, m->sender_data, std::min<std::uint64_t>(r.capacity, m->envelope.bytes));
    const double now = sg4::Engine::get_clock() + queued;
    if (m->sent)
      m->sent(now + curves->send_done.at(m->envelope.bytes));
    r.received(m->envelope, now + curves->rendezvous_data.at(m->envelope.bytes));
  });
}

} // namespace bcssim::elan3::tports
