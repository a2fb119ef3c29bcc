#include "sim/kinds/microbench/collective_bench.hpp"

#include "base/event_stream.hpp"
#include "bcs/core/software_tree.hpp"
#include "models/qsnet/routing.hpp"
#include "mpi/quadrics/hardware_collectives.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace bcssim::sim {
namespace sg4 = simgrid::s4u;
using bcs::core::CorePrimitives;
using bcs::core::NodeSet;

namespace {

double now() { return sg4::Engine::get_clock(); }

Measurement row(const bcs::core::Machine& m, const std::string& test, const std::string& path, unsigned n,
                std::uint64_t bytes, double start, double end)
{
  return Measurement{test,
                     path,
                     0,
                     n - 1,
                     qsnet::switches_on_route(m.platform.tree(), 0, n - 1),
                     m.platform.route_cable_m(0, n - 1),
                     bytes,
                     base::to_ns(end) - base::to_ns(start)};
}

// Barrier of the processes of nodes 0..n-1, entered at the same instant; returns when the last one leaves.
// Hardware (002 §2.4.2.2): each process posts its arrival (a PIO write of a sequence number into NIC memory);
// node 0's NIC thread, woken by its own process's post, checks every node with Compare-And-Write, retrying with
// exponential back-off, then multicasts 'go' with Xfer-And-Signal; each NIC wakes its process.
// Software tree (002 §2.4.2.2): each NIC waits for its children's 'ready', sends its own to its parent with a
// point-to-point Xfer-And-Signal, and the root sends 'go' down the same tree.
double barrier(bcs::core::Machine& m, CorePrimitives& impl, const elan3::HostInterface& host, unsigned n,
               std::int64_t seq, elan3::WordId arrived, elan3::EventId ready, elan3::EventId go, elan3::EventId posted)
{
  const NodeSet all = NodeSet::range(0, n - 1);
  const double start = now();
  auto left = std::make_shared<std::vector<double>>(n, 0.0);
  std::vector<sg4::ActorPtr> actors;
  for (unsigned node = 0; node < n; ++node) {
    actors.push_back(sg4::Actor::create("proc", m.platform.cpu(node), [&m, &host, node, seq, arrived, posted] {
      host.post_descriptor(node);
      m.memory.word(node, arrived) = seq;
      m.memory.event(node, posted).set();
    }));
    actors.push_back(sg4::Actor::create("nic.barrier", m.platform.nic(node), [&, node, left] {
      impl.test_event(node, posted, true);
      if (impl.hardware_collectives()) {
        if (node == 0) {
          double backoff = mpi::quadrics::HardwareCollectives::first_backoff;
          bcs::core::CompareAndWrite caw;
          caw.src = 0;
          caw.nodes = all;
          caw.word = arrived;
          caw.value = seq;
          while (!impl.compare_and_write(caw)) {
            sg4::this_actor::sleep_for(backoff);
            backoff *= 2;
          }
          bcs::core::XferAndSignal x;
          x.src = 0;
          x.dst = all;
          x.remote_event = go;
          impl.xfer_and_signal(x);
        }
      } else {
        const auto* tree = dynamic_cast<const bcs::core::SoftwareTree*>(&impl);
        if (tree == nullptr)
          throw std::logic_error("collective bench: no hardware collectives and not a software tree: " + impl.name());
        const unsigned k = tree->spec().fanout;
        const unsigned children = unsigned(std::min<std::uint64_t>(n, std::uint64_t(k) * node + k + 1) -
                                           std::min<std::uint64_t>(n, std::uint64_t(k) * node + 1));
        for (unsigned c = 0; c < children; ++c)
          impl.test_event(node, ready, true);
        bcs::core::XferAndSignal x;
        x.src = node;
        if (node == 0) {
          x.dst = all;
          x.remote_event = go;
        } else {
          x.dst = NodeSet::of({(node - 1) / k});
          x.remote_event = ready;
        }
        impl.xfer_and_signal(x);
      }
      impl.test_event(node, go, true);
      host.notify_host(node);
      (*left)[node] = now();
    }));
  }
  for (auto& a : actors)
    a->join();
  return *std::max_element(left->begin(), left->end()) - start;
}

} // namespace

void start_collective_bench(bcs::core::Machine& m, const elan3::HostInterface& host, const CollectiveBenchSpec& spec,
                            std::vector<Measurement>& out, sg4::ActorPtr after)
{
  sg4::Actor::create("collectives", m.platform.nic(0), [&m, &host, spec, &out, after] {
    if (after)
      after->join();
    const elan3::WordId arrived = m.memory.new_word(0);
    const elan3::WordId flag = m.memory.new_word(1);
    const elan3::EventId ready = m.memory.new_event();
    const elan3::EventId go = m.memory.new_event();
    const elan3::EventId posted = m.memory.new_event();
    const elan3::EventId done = m.memory.new_event();
    std::int64_t seq = 0;
    for (CorePrimitives* impl : spec.impls)
      for (unsigned n : spec.nodes) {
        const double start = now();
        const double t = barrier(m, *impl, host, n, ++seq, arrived, ready, go, posted);
        out.push_back(row(m, "barrier", impl->name(), n, 0, start, start + t));

        for (elan3::Memory memory : spec.broadcast_memories) {
          bcs::core::XferAndSignal x;
          x.src = 0;
          x.src_memory = memory;
          x.dst = NodeSet::range(1, n - 1); // the source already has the data
          x.dst_memory = memory;
          x.bytes = spec.broadcast_bytes;
          x.local_event = done;
          const double b0 = now();
          impl->xfer_and_signal(x);
          impl->test_event(0, done, true);
          out.push_back(row(m, "broadcast", impl->name() + ":" + elan3::to_string(memory), n, x.bytes, b0, now()));
        }

        bcs::core::CompareAndWrite caw;
        caw.src = 0;
        caw.nodes = NodeSet::range(0, n - 1);
        caw.word = flag;
        caw.value = 1;
        const double c0 = now();
        impl->compare_and_write(caw);
        out.push_back(row(m, "compare", impl->name(), n, 0, c0, now()));
        caw.write_word = flag;
        caw.write_value = 1;
        const double w0 = now();
        impl->compare_and_write(caw);
        out.push_back(row(m, "compare_and_write", impl->name(), n, 0, w0, now()));
      }
  });
}

} // namespace bcssim::sim
