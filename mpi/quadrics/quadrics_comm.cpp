#include "mpi/quadrics/quadrics_comm.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <fmt/format.h>

#include <stdexcept>
#include <xbt/log.h>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(mpi_quadrics_quadrics_comm, mpi_quadrics,
                                "mpi.quadrics.quadrics_comm: The production-MPI baseline");

namespace bcssim::mpi::quadrics {
namespace sg4 = simgrid::s4u;

QuadricsComm::QuadricsComm(elan3::tports::Tports& tports, const elan3::HostInterface& host,
                           HardwareCollectives* hardware, int rank, int size, QuadricsSpec spec, int context)
    : tports_(tports), host_(host), rank_(rank), size_(size), spec_(spec), context_(context), hardware_(hardware),
      arrivals_(sg4::Semaphore::create(0))
{
  tports_.set_unexpected_hook(rank_, [sem = arrivals_] { sem->release(); });
}

void QuadricsComm::library_overhead()
{
  if (spec_.host_overhead > 0)
    execute_on_cpu(spec_.host_overhead * sg4::this_actor::get_host()->get_speed());
}

elan3::tports::HostWork QuadricsComm::host_work()
{
  elan3::tports::HostWork w;
  w.cpu = [this](double seconds) { execute_on_cpu(seconds * sg4::this_actor::get_host()->get_speed()); };
  if (spec_.host_stages == HostStages::on_cpu) {
    w.post_on_cpu = true;
    w.library_seconds = spec_.host_overhead;
  } else {
    library_overhead();
  }
  return w;
}

void QuadricsComm::observe(const Request& request)
{
  if (!request->done())
    blocking_wait([&request] { request->block(); },
                  [&request](double deadline) { return request->block_until(deadline); });
  const double seen = request->completed_at() + host_.spec().wake_cost;
  if (spec_.host_stages == HostStages::on_cpu)
    owe_cpu_until(seen); // seeing it is the process's next CPU work
  else if (sg4::Engine::get_clock() < seen)
    sg4::this_actor::sleep_until(seen);
}

Request QuadricsComm::start_send(const void* data, std::uint64_t bytes, int dst, int tag, Plane plane)
{
  check_peer(dst, false, "destination");
  const elan3::tports::HostWork host = host_work();
  auto request = std::make_shared<RequestState>();
  const Status status{rank_, tag, bytes};
  XBT_VERB("rank %d: send %llu B to rank %d, tag %d", rank_, static_cast<unsigned long long>(bytes), dst, tag);
  tports_.send(
      rank_, dst, tag, context(plane), bytes, data, [request, status](double at) { request->complete_at(status, at); },
      host);
  return request;
}

Request QuadricsComm::start_recv(void* data, std::uint64_t capacity, int src, int tag, Plane plane)
{
  check_peer(src, true, "source");
  const elan3::tports::HostWork host = host_work();
  auto request = std::make_shared<RequestState>();
  XBT_VERB("rank %d: receive from rank %d, tag %d (up to %llu B)", rank_, src, tag,
           static_cast<unsigned long long>(capacity));
  tports_.post_receive(
      rank_, base::Pattern{src, tag, context(plane)}, data, capacity,
      [request](const base::Envelope& e, double at) {
        request->complete_at(Status{e.source, e.tag, e.bytes}, at);
      },
      host);
  return request;
}

bool QuadricsComm::test(const Request& request, Status* status)
{
  if (!request->done() || sg4::Engine::get_clock() < request->completed_at() + host_.spec().wake_cost)
    return false;
  if (status != nullptr)
    *status = request->status();
  return true;
}

void QuadricsComm::wait(const Request& request, Status* status)
{
  CallScope call(*this, "MPI_Wait");
  observe(request);
  if (status != nullptr)
    *status = request->status();
}

bool QuadricsComm::iprobe(int src, int tag, Status* status)
{
  check_peer(src, true, "source");
  library_overhead();
  const auto e = tports_.probe(rank_, base::Pattern{src, tag, context(Plane::user)});
  if (e && status != nullptr)
    *status = Status{e->source, e->tag, e->bytes};
  return e.has_value();
}

void QuadricsComm::probe(int src, int tag, Status* status)
{
  CallScope call(*this, "MPI_Probe", 0, {arg("source", src), arg("tag", tag)});
  while (!iprobe(src, tag, status))
    blocking_wait([this] { arrivals_->acquire(); }); // woken whenever a message is left unexpected for this rank
}

void QuadricsComm::barrier()
{
  if (hardware_ == nullptr)
    return Comm::barrier();
  CallScope call(*this, "MPI_Barrier");
  library_overhead();
  if (size_ > 1)
    blocking_wait([this] { hardware_->synchronise(rank_, 0, nullptr, 0, hardware_calls_++); });
}

void QuadricsComm::bcast(void* data, std::uint64_t bytes, int root)
{
  if (hardware_ == nullptr || root < 0 || root >= size_)
    return Comm::bcast(data, bytes, root); // also reports a bad root
  CallScope call(*this, "MPI_Bcast", bytes, {arg("root", root), arg("bytes", bytes)});
  library_overhead();
  if (size_ > 1)
    blocking_wait([&] { hardware_->synchronise(rank_, root, data, bytes, hardware_calls_++); });
}

void QuadricsComm::combine_cost(std::size_t count) { compute(double(count) * spec_.combine_per_element); }

} // namespace bcssim::mpi::quadrics
