#include "mpi/bcs/bcs_comm.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <fmt/format.h>

#include <numeric>
#include <stdexcept>

namespace bcssim::mpi::bcs_mpi {
namespace sg4 = simgrid::s4u;

namespace {

// The MMDS's bookkeeping around each call (000 §5.1.1): a time stamp from the Elan clock (a PCI read) and an
// update of the process's arrays, on entry and on return.
class MmdsObserver : public CallObserver {
public:
  MmdsObserver(bcssim::bcs::mds::Mmds& mmds, const bcssim::elan3::HostInterface& host, unsigned node, double cycles,
               std::function<void(double)> execute)
      : mmds_(mmds), host_(host), node_(node), cycles_(cycles), execute_(std::move(execute))
  {
  }
  void enter(std::string_view primitive) override
  {
    host_.read_clock(node_);
    entered_ = sg4::Engine::get_clock();
    mmds_.enter(entered_, blocking(primitive));
    execute_(cycles_);
  }
  void leave(std::string_view primitive, double, std::uint64_t bytes) override
  {
    host_.read_clock(node_);
    mmds_.leave(std::string(primitive), entered_, sg4::Engine::get_clock(), bytes, blocking(primitive));
    execute_(cycles_);
  }

private:
  // 000 §5.1.1: blocking BCS primitives delimit the computation and communication intervals.
  static bool blocking(std::string_view primitive)
  {
    return primitive != "MPI_Isend" && primitive != "MPI_Irecv" && primitive != "MPI_Iprobe" &&
           primitive != "MPI_Test" && primitive != "MPI_Testall";
  }
  bcssim::bcs::mds::Mmds& mmds_;
  const bcssim::elan3::HostInterface& host_;
  unsigned node_;
  double cycles_;
  std::function<void(double)> execute_; // on the rank's PE (the process's own CPU time)
  double entered_ = 0;
};

} // namespace

BcsComm::BcsComm(bcssim::bcs::runtime::Runtime& runtime, int job, int rank, std::vector<unsigned> node_of)
    : process_(runtime, job, rank, node_of), size_(int(node_of.size())), mmds_(runtime.spec().mmds)
{
  if (runtime.spec().mmds.enabled)
    observe_calls(std::make_unique<MmdsObserver>(mmds_, runtime.host(), process_.node(),
                                                 runtime.spec().mmds_update_cycles,
                                                 [this](double cycles) { execute_on_cpu(cycles); }));
  // A blocking call suspends the process (000 §3.1); on a time-shared PE its scheduler sees the wait.
  process_.around_waits([this](const std::function<void()>& block) { blocking_wait(block); });
}

void BcsComm::init()
{
  process_.runtime().attach_process(process_.job(), process_.node());
  mmds_.start(sg4::Engine::get_clock());
}

void BcsComm::finalize()
{
  mmds_.finish(sg4::Engine::get_clock());
  process_.runtime().detach_process(process_.job(), process_.node());
}

Request BcsComm::start_send(const void* data, std::uint64_t bytes, int dst, int tag, Plane plane)
{
  check_peer(dst, false, "destination");
  auto request = std::make_shared<RequestState>();
  const Status status{rank(), tag, bytes};
  process_.send(data, bytes, dst, tag, context(plane), false,
                [request, status](const bcssim::bcs::runtime::Descriptor&) { request->complete(status); });
  return request;
}

Request BcsComm::start_recv(void* data, std::uint64_t capacity, int src, int tag, Plane plane)
{
  check_peer(src, true, "source");
  auto request = std::make_shared<RequestState>();
  process_.recv(data, capacity, src, tag, context(plane), false, [request](const bcssim::bcs::runtime::Descriptor& d) {
    request->complete(Status{d.matched.source, d.matched.tag, d.matched.bytes});
  });
  return request;
}

bcssim::bcs::runtime::Combine BcsComm::combiner(std::size_t count, Datatype type, Op op)
{
  return [count, type, op](const void* in, void* inout) { mpi::reduce(op, type, in, inout, count); };
}

void BcsComm::barrier()
{
  CallScope call(*this, "MPI_Barrier");
  process_.barrier();
}

void BcsComm::bcast(void* data, std::uint64_t bytes, int root)
{
  check_peer(root, false, "MPI_Bcast root");
  CallScope call(*this, "MPI_Bcast", bytes, {arg("root", root), arg("bytes", bytes)});
  process_.bcast(data, bytes, root);
}

void BcsComm::reduce(const void* send, void* recv, std::size_t count, Datatype type, Op op, int root)
{
  check_peer(root, false, "MPI_Reduce root");
  CallScope call(*this, "MPI_Reduce", count * size_of(type),
                 {arg("root", root), arg("count", count), arg(type), arg(op)});
  process_.reduce(send, recv, count, size_of(type), root, false, combiner(count, type, op));
}

void BcsComm::allreduce(const void* send, void* recv, std::size_t count, Datatype type, Op op)
{
  CallScope call(*this, "MPI_Allreduce", count * size_of(type), {arg("count", count), arg(type), arg(op)});
  process_.reduce(send, recv, count, size_of(type), 0, true, combiner(count, type, op));
}

void BcsComm::scatter(const void* send, void* recv, std::uint64_t bytes, int root)
{
  check_peer(root, false, "MPI_Scatter root");
  CallScope call(*this, "MPI_Scatter", bytes, {arg("root", root), arg("bytes", bytes)});
  using bcssim::bcs::api::Process;
  process_.scatter(send, Process::uniform_counts(size_, bytes), Process::uniform_displs(size_, bytes), recv, bytes,
                   root);
}

void BcsComm::scatterv(const void* send, const Counts& counts, const Counts& displs, void* recv, std::uint64_t bytes,
                       int root)
{
  check_peer(root, false, "MPI_Scatterv root");
  CallScope call(*this, "MPI_Scatterv", bytes, {arg("root", root), arg("bytes", bytes)});
  process_.scatter(send, counts, displs, recv, bytes, root);
}

void BcsComm::gatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs,
                      int root)
{
  check_peer(root, false, "MPI_Gatherv root");
  CallScope call(*this, "MPI_Gatherv", bytes, {arg("root", root), arg("bytes", bytes)});
  process_.gather(send, bytes, recv, counts, displs, root);
}

void BcsComm::allgatherv(const void* send, std::uint64_t bytes, void* recv, const Counts& counts, const Counts& displs)
{
  CallScope call(*this, "MPI_Allgatherv", bytes, {arg("bytes", bytes)});
  process_.allgather(send, bytes, recv, counts, displs);
}

void BcsComm::alltoallv(const void* send, const Counts& send_counts, const Counts& send_displs, void* recv,
                        const Counts& recv_counts, const Counts& recv_displs)
{
  CallScope call(*this, "MPI_Alltoallv", std::accumulate(send_counts.begin(), send_counts.end(), std::uint64_t(0)));
  process_.alltoall(send, send_counts, send_displs, recv, recv_counts, recv_displs);
}

bool BcsComm::test(const Request& request, Status* status)
{
  if (!request->done())
    return false;
  if (status != nullptr)
    *status = request->status();
  return true;
}

void BcsComm::wait(const Request& request, Status* status)
{
  CallScope call(*this, "MPI_Wait");
  if (!request->done())
    process_.block_until([request] { return request->done(); });
  if (status != nullptr)
    *status = request->status();
}

bool BcsComm::iprobe(int src, int tag, Status* status)
{
  check_peer(src, true, "source");
  const auto e = process_.probe(src, tag, context(Plane::user), false);
  if (e && status != nullptr)
    *status = Status{e->source, e->tag, e->bytes};
  return e.has_value();
}

void BcsComm::probe(int src, int tag, Status* status)
{
  check_peer(src, true, "source");
  CallScope call(*this, "MPI_Probe", 0, {arg("source", src), arg("tag", tag)});
  const auto e = process_.probe(src, tag, context(Plane::user), true);
  if (status != nullptr)
    *status = Status{e->source, e->tag, e->bytes};
}

} // namespace bcssim::mpi::bcs_mpi
