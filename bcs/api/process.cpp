#include "bcs/api/process.hpp"

#include <stdexcept>

namespace bcssim::bcs::api {

Process::Process(runtime::Runtime& runtime, int job, int rank, std::vector<unsigned> node_of)
    : runtime_(runtime), me_{job, rank, node_of.at(std::size_t(rank))}, node_of_(std::move(node_of))
{
}

Handle Process::send(const void* data, std::uint64_t bytes, int dst, int tag, int context, bool blocking,
                     Completion done)
{
  runtime::Descriptor d;
  d.is_send = true;
  d.owner = me_;
  d.peer = runtime::Endpoint{me_.job, dst, node_of_.at(std::size_t(dst))};
  d.envelope = base::Envelope{me_.rank, tag, context, 0, bytes};
  d.send_data = data;
  d.on_complete = std::move(done);
  Handle h = runtime_.post(std::move(d));
  if (blocking)
    test(h, true);
  return h;
}

Handle Process::recv(void* buffer, std::uint64_t capacity, int src, int tag, int context, bool blocking,
                     Completion done)
{
  runtime::Descriptor d;
  d.is_send = false;
  d.owner = me_;
  d.peer = runtime::Endpoint{me_.job, src, 0};
  d.envelope = base::Envelope{src, tag, context, 0, capacity};
  d.recv_buffer = buffer;
  d.capacity = capacity;
  d.on_complete = std::move(done);
  Handle h = runtime_.post(std::move(d));
  if (blocking)
    test(h, true);
  return h;
}

bool Process::test(const Handle& h, bool blocking)
{
  if (!h->complete && blocking)
    block_until([h] { return h->complete; });
  return h->complete;
}

bool Process::testall(const std::vector<Handle>& hs, bool blocking)
{
  auto all = [hs] {
    for (const Handle& h : hs)
      if (!h->complete)
        return false;
    return true;
  };
  if (!all() && blocking)
    block_until(all);
  return all();
}

std::optional<base::Envelope> Process::probe(int src, int tag, int context, bool blocking)
{
  const base::Pattern want{src, tag, context};
  auto found = runtime_.probe(me_, want);
  if (!found && blocking) {
    block_until([this, want] { return runtime_.probe(me_, want).has_value(); });
    found = runtime_.probe(me_, want);
  }
  return found;
}

void Process::collective(runtime::CollectiveDescriptor d)
{
  d.owner = me_;
  const runtime::CollectivePtr p = runtime_.post_collective(std::move(d));
  if (!p->complete)
    block_until([p] { return p->complete; });
}

void Process::barrier()
{
  runtime::CollectiveDescriptor d;
  d.kind = runtime::CollectiveKind::barrier;
  collective(std::move(d));
}

void Process::bcast(void* data, std::uint64_t bytes, int root)
{
  runtime::CollectiveDescriptor d;
  d.kind = runtime::CollectiveKind::bcast;
  d.root = root;
  d.bytes = bytes;
  d.send = data;
  d.recv = data;
  collective(std::move(d));
}

void Process::reduce(const void* send, void* recv, std::size_t count, std::size_t element_bytes, int root, bool all,
                     runtime::Combine combine)
{
  runtime::CollectiveDescriptor d;
  d.kind = all ? runtime::CollectiveKind::allreduce : runtime::CollectiveKind::reduce;
  d.root = root;
  d.count = count;
  d.bytes = count * element_bytes;
  d.send = send;
  d.recv = recv;
  d.combine = std::move(combine);
  collective(std::move(d));
}

void Process::block_until(std::function<bool()> ready)
{
  if (!wait_hook_)
    return runtime_.suspend(me_.node, std::move(ready));
  wait_hook_([this, &ready] { runtime_.suspend(me_.node, std::move(ready)); });
}

} // namespace bcssim::bcs::api
